// Files in an S3-compatible bucket (MinIO, Aliyun OSS, AWS S3), shared by every API instance.
// Objects are written without an ACL, so they keep the bucket's private default: nobody reads them
// from the bucket directly; the API serves public images at /uploads/... and private documents
// only through its signed links (decision 025).
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NoSuchKey, NotFound, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { checkedKey, type FileStorage } from './file-storage.ts';

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (MinIO and most self-hosted servers) or in the host name (Aliyun OSS, AWS). */
  forcePathStyle: boolean;
  /** An optional key prefix, so one bucket can hold several malls' files. */
  prefix?: string;
}

const missing = (err: unknown) =>
  err instanceof NoSuchKey || err instanceof NotFound || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404);

export function createS3Storage(config: S3Config, client?: S3Client): FileStorage {
  const s3 =
    client ??
    new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Only checksums the server asks for: several S3-compatible servers refuse the newer default ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const prefix = config.prefix ? `${config.prefix.replace(/\/+$/, '')}/` : '';
  const keyOf = (key: string) => `${prefix}${checkedKey(key)}`;
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await s3.send(new PutObjectCommand({ Bucket: config.bucket, Key: keyOf(key), Body: bytes, ContentType: contentType, CacheControl: 'max-age=2592000, immutable' }));
    },
    async get(key) {
      try {
        const res = await s3.send(new GetObjectCommand({ Bucket: config.bucket, Key: keyOf(key) }));
        if (!res.Body) return null;
        return { bytes: Buffer.from(await res.Body.transformToByteArray()), contentType: res.ContentType ?? null };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async exists(key) {
      try {
        await s3.send(new HeadObjectCommand({ Bucket: config.bucket, Key: keyOf(key) }));
        return true;
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },
    async delete(key) {
      // S3 answers a delete of a missing key as done.
      await s3.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: keyOf(key) }));
    },
  };
}
