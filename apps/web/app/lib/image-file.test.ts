import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '@bazaar/shared/constants/limits';
import { IMAGE_ACCEPT, checkImageFile } from './image-file.ts';

describe('checkImageFile', () => {
  it('accepts jpg, jpeg, png and gif up to 2 MB, whatever the case of the extension', () => {
    expect(checkImageFile({ name: 'a.jpg', type: 'image/jpeg', size: 10 })).toBeNull();
    expect(checkImageFile({ name: 'a.JPEG', type: 'image/jpeg', size: 10 })).toBeNull();
    expect(checkImageFile({ name: 'a.png', type: 'image/png', size: IMAGE_MAX_BYTES })).toBeNull();
    expect(checkImageFile({ name: 'a.gif', type: '', size: 1 })).toBeNull();
  });

  it('refuses other formats before looking at the size', () => {
    expect(checkImageFile({ name: 'a.webp', type: 'image/webp', size: 10 })).toBe('validation.imageFormat');
    expect(checkImageFile({ name: 'a.bmp', type: 'image/bmp', size: IMAGE_MAX_BYTES + 1 })).toBe('validation.imageFormat');
    expect(checkImageFile({ name: 'noextension', type: 'image/png', size: 10 })).toBe('validation.imageFormat');
    expect(checkImageFile({ name: 'a.png', type: 'text/plain', size: 10 })).toBe('validation.imageFormat');
  });

  it('refuses an image over 2 MB', () => {
    expect(checkImageFile({ name: 'a.png', type: 'image/png', size: IMAGE_MAX_BYTES + 1 })).toBe('validation.imageSize');
  });

  it('offers only the allowed formats in the picker', () => {
    expect(IMAGE_ACCEPT).toBe('.jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif');
  });
});
