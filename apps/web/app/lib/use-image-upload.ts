// The image upload every storefront picker repeats, in one place: section 5's checks made in the
// browser before anything is sent, then each file posted to /p/file/upload/{visibility} in turn.
import type { ChangeEvent } from 'react';
import { UploadedFileSchema, type UploadedFile } from '@bazaar/shared/schemas/shop-application';
import { api } from './api.ts';
import { inlineFailure } from './form-errors.ts';
import { checkImageFile } from './image-file.ts';
import { useTranslation } from './i18n.tsx';

export interface ImageUploadOptions {
  visibility: 'public' | 'private';
  /** How many of the chosen files may be uploaded (all of them when not given). */
  room?: number;
  /** Said when more files were chosen than `room`: the ones that fit are still uploaded. */
  tooMany?: string;
  onUploaded: (file: UploadedFile) => void;
  onError: (message: string | null) => void;
  onUploading: (uploading: boolean) => void;
}

/**
 * The file input's change handler: every chosen file is checked first (one bad file stops them
 * all with its message), then the ones that fit are uploaded one after another.
 */
export function useImageUpload({ visibility, room, tooMany, onUploaded, onError, onUploading }: ImageUploadOptions) {
  const { t } = useTranslation();
  return async function chosen(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    // Cleared so that choosing the same file again fires another change.
    event.target.value = '';
    if (files.length === 0) return;
    const problem = files.map((file) => checkImageFile(file)).find(Boolean);
    if (problem) {
      onError(t(problem));
      return;
    }
    const fits = room ?? files.length;
    onError(files.length > fits ? (tooMany ?? null) : null);
    onUploading(true);
    try {
      for (const file of files.slice(0, fits)) {
        const form = new FormData();
        form.append('file', file);
        onUploaded(await api(`/p/file/upload/${visibility}`, { method: 'POST', body: form, schema: UploadedFileSchema, silent: true }));
      }
    } catch (err) {
      const message = inlineFailure(err, t);
      if (message) onError(message);
    } finally {
      onUploading(false);
    }
  };
}
