import { notificationsStore } from '@mantine/notifications';
import { createImageUpload, MAX_IMAGE_BYTES } from '@tradeport/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, route } from '#testing/fake-api.ts';
import { longSession } from '#testing/fixtures.ts';
import { jsonResponse } from '#testing/render-routes.tsx';
import { checkImageFile, ImageUploadError, uploadImage } from './image-upload.ts';
import { sessionStore } from './session.ts';

const file = (name: string, type: string, size = 1_024) => new File([new Uint8Array(size)], name, { type });
const toasts = () => notificationsStore.getState().notifications.map((toast) => toast.message);

const presigned = {
  upload_url: 'https://uploads.example.com/put/abc',
  method: 'PUT',
  headers: { 'Content-Type': 'image/png', 'x-amz-meta-owner': 'u1' },
  public_url: 'https://cdn.example.com/images/abc.png',
  max_bytes: MAX_IMAGE_BYTES,
  expires_at: '2099-01-01T00:00:00.000Z',
};

describe('checkImageFile', () => {
  it('accepts jpeg, jpg and png, naming the type as the file does', () => {
    expect(checkImageFile(file('logo.png', 'image/png'))).toEqual({ ok: true, type: 'png' });
    expect(checkImageFile(file('me.jpg', 'image/jpeg'))).toEqual({ ok: true, type: 'jpg' });
    expect(checkImageFile(file('me.JPEG', 'image/jpeg'))).toEqual({ ok: true, type: 'jpeg' });
    // No extension: the browser's type decides.
    expect(checkImageFile(file('photo', 'image/jpeg'))).toEqual({ ok: true, type: 'jpeg' });
  });

  it('refuses other types, whatever the name says', () => {
    for (const candidate of [
      file('anim.gif', 'image/gif'),
      file('vector.svg', 'image/svg+xml'),
      file('notes.txt', 'text/plain'),
      file('fake.png', 'application/pdf'),
      file('unknown', ''),
    ]) {
      expect(checkImageFile(candidate)).toEqual({
        ok: false,
        message: 'Choose a JPEG or PNG image (at most 5 MB).',
      });
    }
  });

  it('accepts exactly 5 MiB and refuses a byte more', () => {
    expect(checkImageFile({ name: 'big.png', type: 'image/png', size: MAX_IMAGE_BYTES }).ok).toBe(true);
    expect(checkImageFile({ name: 'big.png', type: 'image/png', size: MAX_IMAGE_BYTES + 1 })).toEqual({
      ok: false,
      message: 'Choose an image of at most 5 MB.',
    });
  });

  it('refuses an empty file', () => {
    expect(checkImageFile({ name: 'empty.png', type: 'image/png', size: 0 }).ok).toBe(false);
  });
});

describe('uploadImage', () => {
  beforeEach(() => sessionStore.set(longSession));
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a URL for the type, PUTs the bytes with the given headers and gives the public URL', async () => {
    const api = fakeFetch(
      { [route(createImageUpload, { type: 'png' })]: () => jsonResponse(201, presigned) },
      { outside: { 'PUT /put/abc': () => new Response(null, { status: 200 }) } },
    );
    vi.stubGlobal('fetch', api.stub);
    const logo = file('logo.png', 'image/png');

    await expect(uploadImage(logo)).resolves.toBe(presigned.public_url);
    const [put] = api.requestsTo('PUT /put/abc');
    expect(put?.url).toBe(presigned.upload_url);
    expect(put?.headers.get('content-type')).toBe('image/png');
    expect(put?.headers.get('x-amz-meta-owner')).toBe('u1');
    expect(put?.body).toBe(logo);
  });

  it('uploads nothing for a refused file', async () => {
    const api = fakeFetch({});
    vi.stubGlobal('fetch', api.stub);
    await expect(uploadImage(file('anim.gif', 'image/gif'))).rejects.toBeInstanceOf(ImageUploadError);
    expect(api.stub).not.toHaveBeenCalled();
  });

  it('fails with a message (and the SPEC §8 toast) when the storage refuses the bytes', async () => {
    const api = fakeFetch(
      { [route(createImageUpload, { type: 'png' })]: () => jsonResponse(201, presigned) },
      {
        outside: {
          'PUT /put/abc': () => new Response('<Error>SignatureDoesNotMatch</Error>', { status: 403 }),
        },
      },
    );
    vi.stubGlobal('fetch', api.stub);

    await expect(uploadImage(file('logo.png', 'image/png'))).rejects.toThrow(
      'The image could not be uploaded.',
    );
    expect(toasts()).toEqual(['A error has occurred while trying to communicate with the server.']);
  });
});
