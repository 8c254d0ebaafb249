import type { Env } from '../../env.ts';
import { createDiskStorage } from './disk-storage.ts';
import type { FileStorage } from './file-storage.ts';

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Whether uploads go to a bucket: all of S3_REQUIRED set. Some but not all set is refused at start, naming the missing ones. */
export function s3Configured(env: Env): boolean {
  const set = S3_REQUIRED.filter((name) => env[name]);
  if (set.length > 0 && set.length < S3_REQUIRED.length) {
    const missing = S3_REQUIRED.filter((name) => !env[name]);
    throw new Error(`S3 storage is half configured: set ${missing.join(', ')} too, or unset ${set.join(', ')} to keep files in DATA_DIR`);
  }
  return set.length === S3_REQUIRED.length;
}

/**
 * The bucket when the S3_* variables are set, otherwise DATA_DIR. The AWS SDK is loaded only for a
 * bucket (it holds about 17 MiB of the process's memory).
 */
export async function createFileStorage(env: Env): Promise<FileStorage> {
  if (!s3Configured(env)) return createDiskStorage(env.dataDir);
  const { createS3Storage } = await import('./s3-storage.ts');
  return createS3Storage({
    endpoint: env.S3_ENDPOINT!,
    bucket: env.S3_BUCKET!,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    region: env.S3_REGION,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    prefix: env.S3_PREFIX,
  });
}
