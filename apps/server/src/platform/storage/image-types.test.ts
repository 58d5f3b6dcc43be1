import { describe, expect, it } from 'vitest';
import { newImageKey, parseImageKey } from './image-keys.ts';
import {
  contentTypeForExtension,
  contentTypeForImageType,
  detectImageType,
  extensionForContentType,
  findStoredImageProblem,
  parseImageContentType,
} from './image-types.ts';
import { minimalJpeg, onePixelPng } from './testing/sample-images.ts';

describe('image rules', () => {
  it('detects PNG and JPEG by their bytes and nothing else', () => {
    expect(detectImageType(onePixelPng())).toBe('image/png');
    expect(detectImageType(minimalJpeg())).toBe('image/jpeg');
    expect(detectImageType(Buffer.from('hello, not an image'))).toBeUndefined();
    expect(detectImageType(Buffer.from('GIF89a\x01\x00'))).toBeUndefined();
    // A truncated signature is not enough.
    expect(detectImageType(onePixelPng().subarray(0, 7))).toBeUndefined();
    expect(detectImageType(new Uint8Array())).toBeUndefined();
  });

  it('maps jpeg and jpg to image/jpeg stored as .jpg, png to image/png', () => {
    expect(contentTypeForImageType('jpeg')).toBe('image/jpeg');
    expect(contentTypeForImageType('jpg')).toBe('image/jpeg');
    expect(contentTypeForImageType('png')).toBe('image/png');
    expect(extensionForContentType('image/jpeg')).toBe('jpg');
    expect(extensionForContentType('image/png')).toBe('png');
    expect(contentTypeForExtension('JPEG')).toBe('image/jpeg');
    expect(contentTypeForExtension('gif')).toBeUndefined();
  });

  it('reads a Content-Type header leniently but only as one of our types', () => {
    expect(parseImageContentType('image/PNG; charset=binary')).toBe('image/png');
    expect(parseImageContentType(' image/jpeg ')).toBe('image/jpeg');
    expect(parseImageContentType('image/jpg')).toBeUndefined();
    expect(parseImageContentType('text/html')).toBeUndefined();
    expect(parseImageContentType(undefined)).toBeUndefined();
  });

  it('explains why a stored file is refused', () => {
    const png = onePixelPng();
    const check = (overrides: Partial<Parameters<typeof findStoredImageProblem>[0]>) =>
      findStoredImageProblem({
        declared: 'image/png',
        maxBytes: 100,
        sizeBytes: png.length,
        firstBytes: png,
        ...overrides,
      });
    expect(check({})).toBeUndefined();
    expect(check({ sizeBytes: 6 * 1024 * 1024, maxBytes: 5 * 1024 * 1024 })).toBe(
      'The image is 6 MiB; the limit is 5 MiB.',
    );
    expect(check({ declared: 'image/jpeg' })).toBe('The file is a PNG image, not image/jpeg.');
    expect(check({ firstBytes: Buffer.from('plain text') })).toBe('The file is not a PNG image.');
    expect(check({ storedContentType: 'text/html' })).toBe(
      'The image was uploaded as text/html, not image/png.',
    );
  });

  it('makes keys under the owner with the type’s extension, and refuses unsafe ones', () => {
    const key = newImageKey({ ownerId: '3f0c9a52-4d1e-4c8e-9a55-0d1f2e3a4b5c', contentType: 'image/jpeg' });
    expect(key).toMatch(/^3f0c9a52-4d1e-4c8e-9a55-0d1f2e3a4b5c\/[0-9a-f-]{36}\.jpg$/);
    expect(parseImageKey(key)).toEqual({ contentType: 'image/jpeg' });
    expect(() => newImageKey({ ownerId: '..', contentType: 'image/png' })).toThrow();
    expect(() => newImageKey({ ownerId: 'a/b', contentType: 'image/png' })).toThrow();
    for (const unsafe of [
      '../secret.png',
      'org/../../secret.png',
      '/etc/secret.png',
      '.incoming/x.png',
      'org//x.png',
      'org\\x.png',
      'org/x.png/',
      'org/x.gif',
      'org/x.jpeg',
      'org/x%2e.png',
      'a/b/c/d/e.png',
    ]) {
      expect(parseImageKey(unsafe), unsafe).toBeUndefined();
    }
  });
});
