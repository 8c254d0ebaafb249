import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES, IMAGE_MIME_TYPES } from '@bazaar/shared/constants/limits';

/** The accept attribute for image pickers: the allowed extensions and types. */
export const IMAGE_ACCEPT = [...IMAGE_EXTENSIONS.map((ext) => `.${ext}`), ...IMAGE_MIME_TYPES].join(',');

/**
 * Section 5's upload checks, made before anything is sent: an allowed format (by extension and,
 * when the browser reports one, by type), then at most 2 MB. Answers the i18n key of the problem.
 */
export function checkImageFile(file: { name: string; type: string; size: number }): 'validation.imageFormat' | 'validation.imageSize' | null {
  const dot = file.name.lastIndexOf('.');
  const ext = dot >= 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return 'validation.imageFormat';
  if (file.type && !(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return 'validation.imageFormat';
  if (file.size > IMAGE_MAX_BYTES) return 'validation.imageSize';
  return null;
}
