// Where uploaded files live: a folder under DATA_DIR by default, an S3-compatible bucket (MinIO,
// Aliyun OSS, AWS S3) when the S3_* variables are set, so several API instances share the files
// (decision 025). Keys are relative paths such as `uploads/images/<uuid>.png` or
// `private/<uuid>.jpg`; the API serves both kinds itself, so a bucket stays private.

export interface StoredFile {
  bytes: Buffer;
  /** The type the file was stored with (the bucket's Content-Type; on disk, from the name). */
  contentType: string | null;
}

export interface FileStorage {
  readonly kind: 'disk' | 's3';
  /** Stores a new file; its key (a fresh random name) is never written twice. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none under this key. */
  get(key: string): Promise<StoredFile | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; removing one that is not there is no error. */
  delete(key: string): Promise<void>;
}

/** A key is a relative path of plain segments: no `..`, no leading slash, no backslash. */
export function checkedKey(key: string): string {
  if (!/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)+$/.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`not a storage key: ${key}`);
  }
  return key;
}
