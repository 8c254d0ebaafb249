// A product picture sent to the upload module (POST /merchant/file/upload) with its progress:
// XMLHttpRequest, as fetch reports no upload progress.
import { UploadedFileSchema } from '@bazaar/shared/schemas/shop-application';
import type { Lang } from '../lib/i18n.tsx';
import { session } from '../lib/api.ts';

export interface Uploaded {
  path: string;
  url: string;
}

export function uploadProductImage(file: File, lang: Lang, onProgress: (percent: number) => void): Promise<Uploaded> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/merchant/file/upload');
    const token = session.token();
    if (token) xhr.setRequestHeader('Authorization', token);
    xhr.setRequestHeader('Accept-Language', lang);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status === 200) {
        try {
          resolve(UploadedFileSchema.parse(JSON.parse(xhr.responseText)));
        } catch (err) {
          reject(err instanceof Error ? err : new Error(''));
        }
      } else reject(new Error(xhr.status < 500 ? xhr.responseText : ''));
    };
    xhr.onerror = () => reject(new Error(''));
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
}
