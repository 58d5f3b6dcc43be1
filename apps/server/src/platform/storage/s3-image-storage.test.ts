import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageStorage } from './create-image-storage.ts';
import { newImageKey } from './image-keys.ts';
import type { ImageStorage } from './image-storage.ts';
import type { ImageContentType } from './image-types.ts';
import { createS3ImageStorage } from './s3-image-storage.ts';
import { minimalJpeg, onePixelPng } from './testing/sample-images.ts';
import { type S3StandIn, startS3StandIn } from './testing/s3-stand-in.ts';

const CREDENTIALS = { accessKeyId: 'TRADEPORTTESTKEY', secretAccessKey: 'stand-in-secret-access-key' };
const BUCKET = 'tradeport-images';
const OWNER = '0d9e8f7a-6b5c-4d3e-9f1a-2b3c4d5e6f70';
const MAX_BYTES = 5 * 1024 * 1024;

let standIn: S3StandIn;
let storage: ImageStorage;

beforeAll(async () => {
  standIn = await startS3StandIn(CREDENTIALS);
  storage = await createImageStorage({
    s3: { bucket: BUCKET, region: 'ap-southeast-2', endpoint: standIn.endpoint, ...CREDENTIALS },
    localDir: '/nonexistent',
    signingSecret: 'unused-with-s3-but-long-enough-0123456789',
    apiBaseUrl: '',
  });
});

afterAll(async () => {
  await standIn.close();
});

async function presign(options: { contentType: ImageContentType; sizeBytes?: number; now?: number }) {
  const key = newImageKey({ ownerId: OWNER, contentType: options.contentType });
  const upload = await storage.presignUpload({
    key,
    contentType: options.contentType,
    maxBytes: MAX_BYTES,
    expiresAt: new Date(Date.now() + 5 * 60_000),
    ...(options.sizeBytes === undefined ? {} : { sizeBytes: options.sizeBytes }),
  });
  return { key, ...upload };
}

/** The browser's side: a plain fetch PUT with the headers we handed out. */
const put = (url: string, headers: Record<string, string>, body: Uint8Array) =>
  fetch(url, { method: 'PUT', headers, body });

const stored = (key: string) => standIn.objects.get(`${BUCKET}/${key}`);
const problem = (status: number, code: string) => expect.objectContaining({ statusCode: status, code });

describe('S3 image storage', () => {
  it('presigns a PUT the browser can use, then confirms the image', async () => {
    const png = onePixelPng();
    const { key, url, headers } = await presign({ contentType: 'image/png' });
    expect(storage.kind).toBe('s3');
    expect(headers).toEqual({ 'Content-Type': 'image/png' });
    const query = new URL(url).searchParams;
    expect(query.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    // A checksum fixed at presign time would not match the browser's bytes on real S3.
    expect([...query.keys()].filter((name) => name.toLowerCase().includes('checksum'))).toEqual([]);

    const response = await put(url, headers, png);
    expect(response.status).toBe(200);
    expect(stored(key)).toEqual({ body: png, contentType: 'image/png' });
    expect(await storage.confirmUpload({ key, contentType: 'image/png', maxBytes: MAX_BYTES })).toEqual({
      sizeBytes: png.length,
    });
    expect(storage.publicUrl(key)).toBe(`${standIn.endpoint}/${BUCKET}/${key}`);
  });

  it('confirms a JPEG uploaded as jpeg', async () => {
    const { key, url, headers } = await presign({ contentType: 'image/jpeg' });
    expect((await put(url, headers, minimalJpeg())).status).toBe(200);
    expect(await storage.confirmUpload({ key, contentType: 'image/jpeg', maxBytes: MAX_BYTES })).toEqual({
      sizeBytes: minimalJpeg().length,
    });
  });

  it('lets S3 refuse a PUT with a Content-Type other than the signed one', async () => {
    const { key, url } = await presign({ contentType: 'image/png' });
    const response = await put(url, { 'Content-Type': 'text/html' }, onePixelPng());
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('SignatureDoesNotMatch');
    expect(stored(key)).toBeUndefined();
  });

  it('signs a declared size as Content-Length, so another size is refused', async () => {
    const png = onePixelPng();
    const { key, url, headers } = await presign({ contentType: 'image/png', sizeBytes: png.length });
    expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(headers).toEqual({ 'Content-Type': 'image/png' });

    const padded = Buffer.concat([png, Buffer.alloc(1024)]);
    expect((await put(url, headers, padded)).status).toBe(403);
    expect(stored(key)).toBeUndefined();
    expect((await put(url, headers, png)).status).toBe(200);
    expect(stored(key)?.body).toEqual(png);
  });

  it('deletes an upload whose bytes are not the declared type, and refuses it', async () => {
    const { key, url, headers } = await presign({ contentType: 'image/png' });
    // Type and signature are right; the content is a text file.
    expect((await put(url, headers, Buffer.from('just some text pretending to be a png'))).status).toBe(200);
    expect(stored(key)).toBeDefined();
    await expect(
      storage.confirmUpload({ key, contentType: 'image/png', maxBytes: MAX_BYTES }),
    ).rejects.toEqual(problem(400, 'VALIDATION_ERROR'));
    expect(stored(key)).toBeUndefined();

    const asJpeg = await presign({ contentType: 'image/jpeg' });
    expect((await put(asJpeg.url, asJpeg.headers, onePixelPng())).status).toBe(200);
    await expect(
      storage.confirmUpload({ key: asJpeg.key, contentType: 'image/jpeg', maxBytes: MAX_BYTES }),
    ).rejects.toThrow('The file is a PNG image, not image/jpeg.');
    expect(stored(asJpeg.key)).toBeUndefined();
  });

  it('deletes an upload over the limit, and refuses a confirm with nothing uploaded', async () => {
    const png = onePixelPng();
    const { key, url, headers } = await presign({ contentType: 'image/png' });
    expect((await put(url, headers, png)).status).toBe(200);
    await expect(
      storage.confirmUpload({ key, contentType: 'image/png', maxBytes: png.length - 1 }),
    ).rejects.toEqual(problem(400, 'VALIDATION_ERROR'));
    expect(stored(key)).toBeUndefined();

    const never = newImageKey({ ownerId: OWNER, contentType: 'image/png' });
    await expect(
      storage.confirmUpload({ key: never, contentType: 'image/png', maxBytes: MAX_BYTES }),
    ).rejects.toThrow('No image was uploaded, or the upload did not finish.');
  });

  it('deletes an object stored with another type even if its bytes are fine', async () => {
    const key = newImageKey({ ownerId: OWNER, contentType: 'image/png' });
    standIn.objects.set(`${BUCKET}/${key}`, { body: onePixelPng(), contentType: 'text/html' });
    await expect(
      storage.confirmUpload({ key, contentType: 'image/png', maxBytes: MAX_BYTES }),
    ).rejects.toThrow('The image was uploaded as text/html, not image/png.');
    expect(stored(key)).toBeUndefined();
  });

  it('makes links that expire', async () => {
    const signedAt = Date.now() - 10 * 60_000;
    const past = createS3ImageStorage({
      bucket: BUCKET,
      region: 'ap-southeast-2',
      endpoint: standIn.endpoint,
      ...CREDENTIALS,
      now: () => signedAt,
    });
    const key = newImageKey({ ownerId: OWNER, contentType: 'image/png' });
    const { url, headers } = await past.presignUpload({
      key,
      contentType: 'image/png',
      maxBytes: MAX_BYTES,
      expiresAt: new Date(signedAt + 60_000),
    });
    const response = await put(url, headers, onePixelPng());
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('Request has expired');
    await expect(
      past.presignUpload({
        key,
        contentType: 'image/png',
        maxBytes: MAX_BYTES,
        expiresAt: new Date(signedAt),
      }),
    ).rejects.toThrow('must expire between 1 second and 7 days from now');
  });

  it('has a stand-in that refuses what S3 refuses: the SDK’s default presigned PUT with a fixed checksum', async () => {
    // Guards the `requestChecksumCalculation` setting above: with the SDK defaults, the URL
    // carries the CRC32 of an empty body, and any real image PUT to it fails.
    const client = new S3Client({
      region: 'ap-southeast-2',
      endpoint: standIn.endpoint,
      forcePathStyle: true,
      credentials: CREDENTIALS,
    });
    const key = newImageKey({ ownerId: OWNER, contentType: 'image/png' });
    const url = await getSignedUrl(
      client,
      new PutObjectCommand({ Bucket: BUCKET, Key: key, ContentType: 'image/png' }),
    );
    const response = await put(url, { 'Content-Type': 'image/png' }, onePixelPng());
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('BadDigest');
    client.destroy();
  });

  it('builds public URLs from the CDN, the endpoint or the AWS bucket address', () => {
    const key = `${OWNER}/a.png`;
    const base = { bucket: BUCKET, region: 'ap-southeast-2' };
    expect(createS3ImageStorage({ ...base, publicUrl: 'https://cdn.example.com/' }).publicUrl(key)).toBe(
      `https://cdn.example.com/${key}`,
    );
    expect(createS3ImageStorage({ ...base, endpoint: 'https://minio.example.com/' }).publicUrl(key)).toBe(
      `https://minio.example.com/${BUCKET}/${key}`,
    );
    expect(createS3ImageStorage(base).publicUrl(key)).toBe(
      `https://${BUCKET}.s3.ap-southeast-2.amazonaws.com/${key}`,
    );
  });

  it('deletes an image on request', async () => {
    const { key, url, headers } = await presign({ contentType: 'image/png' });
    await put(url, headers, onePixelPng());
    await storage.deleteImage(key);
    expect(stored(key)).toBeUndefined();
  });
});
