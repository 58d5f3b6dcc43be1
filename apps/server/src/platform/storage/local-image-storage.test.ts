import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createImageStorage } from './create-image-storage.ts';
import { newImageKey } from './image-keys.ts';
import type { ImageContentType } from './image-types.ts';
import {
  createLocalImageStorage,
  LOCAL_UPLOADS_PATH,
  type LocalImageStorage,
  type ReceiveUploadOptions,
} from './local-image-storage.ts';
import { minimalJpeg, onePixelPng } from './testing/sample-images.ts';

const SECRET = 'local-upload-test-secret-0123456789abcdef';
const OWNER = '6b0f1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const START = Date.parse('2026-11-21T00:00:00Z');

let directory: string;
let clock: number;
let storage: LocalImageStorage;

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'tradeport-uploads-'));
  clock = START;
  storage = createLocalImageStorage({
    directory,
    signingSecret: SECRET,
    apiBaseUrl: 'http://localhost:3000/',
    now: () => clock,
  });
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function presign(options: { contentType: ImageContentType; maxBytes?: number; sizeBytes?: number }) {
  const key = newImageKey({ ownerId: OWNER, contentType: options.contentType });
  const upload = await storage.presignUpload({
    key,
    contentType: options.contentType,
    maxBytes: options.maxBytes ?? 5 * 1024 * 1024,
    expiresAt: new Date(clock + 15 * 60_000),
    ...(options.sizeBytes === undefined ? {} : { sizeBytes: options.sizeBytes }),
  });
  return { key, ...upload };
}

/** What the route hands over: the path after /api/v1/uploads/ and the parsed query. */
function fromUrl(url: string): Pick<ReceiveUploadOptions, 'key' | 'query'> {
  const parsed = new URL(url);
  return {
    key: parsed.pathname.slice(`${LOCAL_UPLOADS_PATH}/`.length),
    query: Object.fromEntries(parsed.searchParams),
  };
}

/** Every file left under the store, partial uploads included. */
async function filesOnDisk(): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

// Always a change, whatever the random key made the signature end with.
const flipLastCharacter = (value: string) => `${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`;

const problem = (status: number, code: string) => expect.objectContaining({ statusCode: status, code });

describe('local image storage', () => {
  it('hands out a signed link to our own API and a public URL for the same path', async () => {
    const { key, url, headers } = await presign({ contentType: 'image/png' });
    const parsed = new URL(url);
    expect(`${parsed.origin}${parsed.pathname}`).toBe(`http://localhost:3000/api/v1/uploads/${key}`);
    expect(parsed.searchParams.get('expires')).toBe(String(START / 1000 + 15 * 60));
    expect(parsed.searchParams.get('max_bytes')).toBe(String(5 * 1024 * 1024));
    expect(parsed.searchParams.get('signature')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(headers).toEqual({ 'Content-Type': 'image/png' });
    expect(storage.publicUrl(key)).toBe(`http://localhost:3000/api/v1/uploads/${key}`);
  });

  it('stores a PNG streamed from a real file in small chunks, confirms it and serves it back', async () => {
    const png = onePixelPng();
    const source = path.join(directory, 'source.png');
    await writeFile(source, png);
    const { key, url } = await presign({ contentType: 'image/png' });

    const received = await storage.receiveUpload({
      ...fromUrl(url),
      contentType: 'image/png',
      contentLength: String(png.length),
      body: createReadStream(source, { highWaterMark: 3 }),
    });
    expect(received).toEqual({ key, contentType: 'image/png', sizeBytes: png.length });
    expect(await readFile(path.join(directory, ...key.split('/')))).toEqual(png);
    expect(await storage.confirmUpload({ key, contentType: 'image/png', maxBytes: 5 * 1024 * 1024 })).toEqual(
      {
        sizeBytes: png.length,
      },
    );

    const stored = await storage.openStored(key);
    expect(stored.contentType).toBe('image/png');
    expect(stored.sizeBytes).toBe(png.length);
    const chunks: Buffer[] = [];
    for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(png);
  });

  it('stores a JPEG uploaded as jpeg, with Content-Type parameters tolerated', async () => {
    const jpeg = minimalJpeg();
    const { key, url } = await presign({ contentType: 'image/jpeg' });
    expect(key).toMatch(/\.jpg$/);
    const received = await storage.receiveUpload({
      ...fromUrl(url),
      contentType: 'Image/JPEG; charset=binary',
      body: Readable.from([jpeg]),
    });
    expect(received.sizeBytes).toBe(jpeg.length);
    const stored = await storage.openStored(key);
    expect(stored.contentType).toBe('image/jpeg');
    // Not served after all: destroying the stream closes the file.
    stored.stream.destroy();
    await once(stored.stream, 'close');
  });

  it('refuses PNG bytes declared as JPEG and a text file named .png, keeping nothing', async () => {
    const asJpeg = await presign({ contentType: 'image/jpeg' });
    await expect(
      storage.receiveUpload({
        ...fromUrl(asJpeg.url),
        contentType: 'image/jpeg',
        body: Readable.from([onePixelPng()]),
      }),
    ).rejects.toEqual(problem(400, 'VALIDATION_ERROR'));

    const textFile = path.join(directory, 'notes.png');
    await writeFile(textFile, 'These are my notes, not a picture.\n'.repeat(20));
    const asPng = await presign({ contentType: 'image/png' });
    await expect(
      storage.receiveUpload({
        ...fromUrl(asPng.url),
        contentType: 'image/png',
        body: createReadStream(textFile),
      }),
    ).rejects.toThrow('The file is not a PNG image.');
    await rm(textFile);

    await expect(
      storage.receiveUpload({ ...fromUrl(asPng.url), contentType: 'image/png', body: Readable.from([]) }),
    ).rejects.toThrow('The upload was empty.');
    expect(await filesOnDisk()).toEqual([]);
    await expect(storage.openStored(asPng.key)).rejects.toEqual(problem(404, 'NOT_FOUND'));
  });

  it('refuses a Content-Type other than the signed one with 415, before reading the body', async () => {
    const { url } = await presign({ contentType: 'image/png' });
    for (const contentType of ['image/jpeg', 'text/html', 'image/jpg', undefined]) {
      const body = Readable.from([onePixelPng()]);
      await expect(storage.receiveUpload({ ...fromUrl(url), contentType, body })).rejects.toEqual(
        problem(415, 'UNSUPPORTED_MEDIA_TYPE'),
      );
      expect(body.readableDidRead).toBe(false);
    }
  });

  it('aborts an endless stream past the limit with 413, leaves nothing and keeps the request open', async () => {
    const { key, url } = await presign({ contentType: 'image/png', maxBytes: 100 * 1024 });
    let pulledBytes = 0;
    const body = Readable.from(
      (function* () {
        for (let chunk = onePixelPng(); ; chunk = Buffer.alloc(16 * 1024)) {
          pulledBytes += chunk.length;
          yield chunk;
        }
      })(),
    );
    await expect(storage.receiveUpload({ ...fromUrl(url), contentType: 'image/png', body })).rejects.toEqual(
      problem(413, 'PAYLOAD_TOO_LARGE'),
    );
    // Stopped soon after the limit (plus the stream's read-ahead) rather than buffering on.
    expect(pulledBytes).toBeLessThan(500 * 1024);
    // Not destroyed: the route can still answer 413 on this connection.
    expect(body.destroyed).toBe(false);
    body.destroy();
    expect(await filesOnDisk()).toEqual([]);
    await expect(storage.openStored(key)).rejects.toEqual(problem(404, 'NOT_FOUND'));
  });

  it('refuses a declared Content-Length over the limit without reading, and a size it signed', async () => {
    const { url } = await presign({ contentType: 'image/png', maxBytes: 1000 });
    const body = Readable.from([onePixelPng()]);
    await expect(
      storage.receiveUpload({ ...fromUrl(url), contentType: 'image/png', contentLength: '1001', body }),
    ).rejects.toEqual(problem(413, 'PAYLOAD_TOO_LARGE'));
    expect(body.readableDidRead).toBe(false);

    // With the browser's size declared up front, that size is the limit.
    const declared = await presign({ contentType: 'image/png', sizeBytes: 10 });
    expect(new URL(declared.url).searchParams.get('max_bytes')).toBe('10');
    await expect(
      storage.receiveUpload({
        ...fromUrl(declared.url),
        contentType: 'image/png',
        body: Readable.from([onePixelPng()]),
      }),
    ).rejects.toEqual(problem(413, 'PAYLOAD_TOO_LARGE'));
    await expect(presign({ contentType: 'image/png', maxBytes: 10, sizeBytes: 11 })).rejects.toEqual(
      problem(413, 'PAYLOAD_TOO_LARGE'),
    );
  });

  it('refuses a tampered, foreign or expired link with 403', async () => {
    const { key, url } = await presign({ contentType: 'image/png', maxBytes: 1000 });
    const { query } = fromUrl(url);
    const other = newImageKey({ ownerId: OWNER, contentType: 'image/png' });
    const attempts: Array<Pick<ReceiveUploadOptions, 'key' | 'query'>> = [
      { key, query: { ...query, max_bytes: '999999999' } },
      { key, query: { ...query, expires: String(Number(query.expires) + 3600) } },
      { key, query: { ...query, signature: flipLastCharacter(String(query.signature)) } },
      { key, query: { ...query, signature: `${String(query.signature)}=` } },
      { key, query: { ...query, signature: ['a', 'b'] } },
      { key, query: { expires: query.expires, max_bytes: query.max_bytes } },
      { key: other, query },
    ];
    const signedElsewhere = createLocalImageStorage({
      directory,
      signingSecret: `${SECRET}-other`,
      apiBaseUrl: '',
      now: () => clock,
    });
    const forged = await signedElsewhere.presignUpload({
      key,
      contentType: 'image/png',
      maxBytes: 1000,
      expiresAt: new Date(clock + 60_000),
    });
    expect(forged.url.startsWith(`${LOCAL_UPLOADS_PATH}/`)).toBe(true);
    attempts.push({ key, query: Object.fromEntries(new URL(forged.url, 'http://x').searchParams) });

    for (const attempt of attempts) {
      await expect(
        storage.receiveUpload({ ...attempt, contentType: 'image/png', body: Readable.from([onePixelPng()]) }),
        JSON.stringify(attempt),
      ).rejects.toEqual(problem(403, 'FORBIDDEN'));
    }

    clock += 15 * 60_000 + 1000;
    await expect(
      storage.receiveUpload({ key, query, contentType: 'image/png', body: Readable.from([onePixelPng()]) }),
    ).rejects.toThrow('This upload link has expired; ask for a new one.');
    expect(await filesOnDisk()).toEqual([]);
  });

  it('refuses keys that would leave the folder, on every entry point', async () => {
    const outside = path.join(directory, '..', 'escaped.png');
    const { query } = fromUrl((await presign({ contentType: 'image/png' })).url);
    for (const key of [
      '../escaped.png',
      `${OWNER}/../../escaped.png`,
      outside,
      '.incoming/x.png',
      `${OWNER}/%2e%2e.png`,
    ]) {
      await expect(
        storage.receiveUpload({ key, query, contentType: 'image/png', body: Readable.from([onePixelPng()]) }),
      ).rejects.toEqual(problem(403, 'FORBIDDEN'));
      await expect(storage.openStored(key)).rejects.toEqual(problem(404, 'NOT_FOUND'));
      await expect(
        storage.presignUpload({
          key,
          contentType: 'image/png',
          maxBytes: 10,
          expiresAt: new Date(clock + 1000),
        }),
      ).rejects.toThrow('Not a valid image key');
      await expect(storage.confirmUpload({ key, contentType: 'image/png', maxBytes: 10 })).rejects.toThrow(
        'Not a valid image key',
      );
      await expect(storage.deleteImage(key)).rejects.toThrow('Not a valid image key');
    }
    await expect(readFile(outside)).rejects.toThrow(/ENOENT/);
    // A directory whose name looks like a key is not served as a file.
    await mkdir(path.join(directory, OWNER, 'folder.png'), { recursive: true });
    await expect(storage.openStored(`${OWNER}/folder.png`)).rejects.toEqual(problem(404, 'NOT_FOUND'));
  });

  it('confirms only what is there, within the limit and of the declared type, deleting the rest', async () => {
    const png = onePixelPng();
    const missing = newImageKey({ ownerId: OWNER, contentType: 'image/png' });
    await expect(
      storage.confirmUpload({ key: missing, contentType: 'image/png', maxBytes: 1000 }),
    ).rejects.toEqual(problem(400, 'VALIDATION_ERROR'));

    const { key, url } = await presign({ contentType: 'image/png' });
    await storage.receiveUpload({ ...fromUrl(url), contentType: 'image/png', body: Readable.from([png]) });
    // A file larger than the caller's limit (the link allowed more) is removed.
    await expect(
      storage.confirmUpload({ key, contentType: 'image/png', maxBytes: png.length - 1 }),
    ).rejects.toThrow(`The image is ${png.length} bytes; the limit is ${png.length - 1} bytes.`);
    await expect(storage.openStored(key)).rejects.toEqual(problem(404, 'NOT_FOUND'));

    // A file that was changed on disk after upload is refused and removed on confirm.
    const again = await presign({ contentType: 'image/png' });
    await storage.receiveUpload({
      ...fromUrl(again.url),
      contentType: 'image/png',
      body: Readable.from([png]),
    });
    await writeFile(path.join(directory, ...again.key.split('/')), '<html>not a picture</html>');
    await expect(
      storage.confirmUpload({ key: again.key, contentType: 'image/png', maxBytes: 1000 }),
    ).rejects.toEqual(problem(400, 'VALIDATION_ERROR'));
    expect(await filesOnDisk()).toEqual([]);
  });

  it('leaves nothing behind when the upload breaks off midway', async () => {
    const { key, url } = await presign({ contentType: 'image/png' });
    // The client goes away once the storage has read the first chunk: while it is reading, so
    // never before it listens (a timer could fire first on a busy machine: an uncaught error).
    let isFirstRead = true;
    const body = new Readable({
      read() {
        if (isFirstRead) {
          isFirstRead = false;
          this.push(onePixelPng());
        } else {
          this.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
        }
      },
    });
    await expect(storage.receiveUpload({ ...fromUrl(url), contentType: 'image/png', body })).rejects.toThrow(
      'aborted',
    );
    expect(await filesOnDisk()).toEqual([]);
    await expect(storage.openStored(key)).rejects.toEqual(problem(404, 'NOT_FOUND'));
  });

  it('deletes a stored image, and deleting it twice is fine', async () => {
    const { key, url } = await presign({ contentType: 'image/png' });
    await storage.receiveUpload({
      ...fromUrl(url),
      contentType: 'image/png',
      body: Readable.from([onePixelPng()]),
    });
    await storage.deleteImage(key);
    await storage.deleteImage(key);
    await expect(storage.openStored(key)).rejects.toEqual(problem(404, 'NOT_FOUND'));
  });

  it('is what createImageStorage gives without S3', async () => {
    const created = await createImageStorage({ localDir: directory, signingSecret: SECRET, apiBaseUrl: '' });
    expect(created.kind).toBe('local');
    expect(created.publicUrl(`${OWNER}/a.png`)).toBe(`/api/v1/uploads/${OWNER}/a.png`);
    await expect(
      createImageStorage({ localDir: directory, signingSecret: 'short', apiBaseUrl: '' }),
    ).rejects.toThrow();
  });
});
