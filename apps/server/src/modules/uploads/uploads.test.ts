import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { MAX_IMAGE_BYTES } from '@tradeport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalJpeg, onePixelPng } from '../../platform/storage/testing/sample-images.ts';
import { addMember, createUser, signInAs, type TestApp, createTestApp } from '../../testing/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
type Presigned = {
  upload_url: string;
  method: 'PUT';
  headers: Record<string, string>;
  public_url: string;
  max_bytes: number;
  expires_at: string;
};

const png = onePixelPng();
const jpeg = minimalJpeg();

async function signedIn(name = 'Pat Picture') {
  const user = await createUser(t.database.db, { name });
  return { user, headers: (await signInAs(t.app, user.email)).headers };
}

const presign = (type: string, headers: Headers) =>
  t.app.inject({ method: 'POST', url: `/api/v1/s3/presigned-upload-url/image-type/${type}`, headers });

async function presigned(type: string, headers: Headers): Promise<Presigned> {
  const response = await presign(type, headers);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** The upload and public URLs are absolute (APP_URL); the app is reached here by path and query. */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

const putFile = (url: string, body: Buffer | Readable, headers: Headers) =>
  t.app.inject({ method: 'PUT', url: pathOf(url), headers, payload: body });

const getFile = (url: string) => t.app.inject({ method: 'GET', url: pathOf(url) });

const saveProfileImage = (headers: Headers, image: string | null) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/users/current',
    headers,
    payload: { name: 'Pat Picture', image },
  });

/** Same link with one query parameter changed. */
function withQuery(url: string, name: string, value: string) {
  const parsed = new URL(url);
  parsed.searchParams.set(name, value);
  return parsed.toString();
}

describe('POST /s3/presigned-upload-url/image-type/{type}', () => {
  it('answers a signed PUT link to the local store, the header to send, and where the image will be', async () => {
    const { user, headers } = await signedIn();
    t.setNow(new Date()); // the app's clock stands still; start it from the wall clock for this check
    const answer = await presigned('png', headers);
    expect(answer).toMatchObject({
      method: 'PUT',
      headers: { 'Content-Type': 'image/png' },
      max_bytes: MAX_IMAGE_BYTES,
    });
    expect(MAX_IMAGE_BYTES).toBe(5 * 1024 * 1024);
    const upload = new URL(answer.upload_url);
    expect(upload.origin).toBe('http://tradeport.test');
    expect(upload.pathname).toMatch(new RegExp(`^/api/v1/uploads/${user.id}/[0-9a-f-]{36}\\.png$`));
    expect([...upload.searchParams.keys()].sort()).toEqual(['expires', 'max_bytes', 'signature']);
    expect(upload.searchParams.get('max_bytes')).toBe(String(MAX_IMAGE_BYTES));
    expect(answer.public_url).toBe(`${upload.origin}${upload.pathname}`);
    const minutesLeft = (Date.parse(answer.expires_at) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(14);
    expect(minutesLeft).toBeLessThanOrEqual(15);
    // Every request gets a key of its own.
    expect((await presigned('png', headers)).public_url).not.toBe(answer.public_url);
  });

  it('takes jpeg and jpg as JPEG', async () => {
    const { headers } = await signedIn();
    for (const type of ['jpeg', 'jpg']) {
      const answer = await presigned(type, headers);
      expect(answer.headers).toEqual({ 'Content-Type': 'image/jpeg' });
      expect(answer.public_url).toMatch(/\.jpg$/);
    }
  });

  it('refuses any other type with a field error', async () => {
    const { headers } = await signedIn();
    for (const type of ['gif', 'svg', 'webp', 'png.svg']) {
      const response = await presign(type, headers);
      expect({ type, status: response.statusCode, path: response.json().details?.[0]?.path }).toEqual({
        type,
        status: 400,
        path: 'params.type',
      });
    }
  });

  it('needs a session', async () => {
    expect((await presign('png', {})).statusCode).toBe(401);
  });
});

describe('uploading to the local store and using the image', () => {
  it('stores the PNG, saves it as the profile image and serves it with its type', async () => {
    const { headers } = await signedIn();
    const answer = await presigned('png', headers);
    expect((await getFile(answer.public_url)).statusCode).toBe(404);

    const stored = await putFile(answer.upload_url, png, answer.headers);
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json()).toEqual({ stored: true, size_bytes: png.length });

    const saved = await saveProfileImage(headers, answer.public_url);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().image).toBe(answer.public_url);
    const account = await t.app.inject({ method: 'GET', url: '/api/v1/users/current/account', headers });
    expect(account.json().image).toBe(answer.public_url);

    const served = await getFile(answer.public_url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(served.rawPayload, png)).toBe(0);
  });

  it('stores a JPEG sent to a jpg link', async () => {
    const { headers } = await signedIn();
    const answer = await presigned('jpg', headers);
    expect((await putFile(answer.upload_url, jpeg, answer.headers)).statusCode).toBe(200);
    const served = await getFile(answer.public_url);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(served.rawPayload, jpeg)).toBe(0);
  });

  it('refuses PNG bytes sent to a JPEG link (400); nothing is served and the URL cannot be saved', async () => {
    const { headers } = await signedIn();
    const answer = await presigned('jpeg', headers);
    const refused = await putFile(answer.upload_url, png, answer.headers);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error_code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/PNG/),
    });
    expect((await getFile(answer.public_url)).statusCode).toBe(404);

    const saved = await saveProfileImage(headers, answer.public_url);
    expect(saved.statusCode).toBe(400);
    expect(saved.json().details?.[0]?.path).toBe('body.image');
    const account = await t.app.inject({ method: 'GET', url: '/api/v1/users/current/account', headers });
    expect(account.json().image).toBeNull();
  });

  it('refuses a tampered, re-pointed or expired link with 403 and keeps nothing', async () => {
    const { headers } = await signedIn();
    const answer = await presigned('png', headers);
    const signature = new URL(answer.upload_url).searchParams.get('signature')!;
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const other = await presigned('png', headers);
    const links = {
      signature: withQuery(answer.upload_url, 'signature', flipped),
      maxBytes: withQuery(answer.upload_url, 'max_bytes', String(MAX_IMAGE_BYTES * 2)),
      expires: withQuery(
        answer.upload_url,
        'expires',
        String(Number(new URL(answer.upload_url).searchParams.get('expires')) + 3600),
      ),
      // A valid signature on another key.
      key: `${other.public_url}${new URL(answer.upload_url).search}`,
    };
    for (const [what, link] of Object.entries(links)) {
      const response = await putFile(link, png, answer.headers);
      expect({ what, status: response.statusCode, code: response.json().error_code }).toEqual({
        what,
        status: 403,
        code: 'FORBIDDEN',
      });
    }
    expect((await getFile(answer.public_url)).statusCode).toBe(404);
    expect((await getFile(other.public_url)).statusCode).toBe(404);

    // The untouched link works until it expires: 15 minutes and a second later it does not.
    const later = await presigned('png', headers);
    t.setNow(new Date(Date.now() + 15 * 60_000 + 1_000));
    try {
      expect((await putFile(later.upload_url, png, later.headers)).statusCode).toBe(403);
    } finally {
      t.setNow(new Date());
    }
    expect((await putFile(later.upload_url, png, later.headers)).statusCode).toBe(200);
  });

  it('refuses a Content-Type other than the signed one with 415', async () => {
    const { headers } = await signedIn();
    const answer = await presigned('png', headers);
    for (const contentType of ['image/jpeg', 'text/plain', 'application/json', 'image/svg+xml']) {
      const response = await putFile(answer.upload_url, png, { 'content-type': contentType });
      expect({ contentType, status: response.statusCode }).toEqual({ contentType, status: 415 });
    }
    expect((await getFile(answer.public_url)).statusCode).toBe(404);
  });

  it('refuses more than 5 MiB with 413, whether declared up front or streamed', async () => {
    const { headers } = await signedIn();
    const answer = await presigned('png', headers);
    const declared = await putFile(answer.upload_url, png, {
      ...answer.headers,
      'content-length': String(MAX_IMAGE_BYTES + 1),
    });
    expect(declared.statusCode).toBe(413);
    expect(declared.json().error_code).toBe('PAYLOAD_TOO_LARGE');

    // No Content-Length (chunked): counted as it arrives.
    const tooBig = Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES + 1 - png.length)]);
    const streamed = await putFile(
      answer.upload_url,
      Readable.from([tooBig.subarray(0, 1024), tooBig.subarray(1024)]),
      answer.headers,
    );
    expect(streamed.statusCode).toBe(413);
    expect((await getFile(answer.public_url)).statusCode).toBe(404);
  });

  it('refuses to save an image URL of someone else’s upload (400 on body.image)', async () => {
    const owner = await signedIn('Owner Person');
    const answer = await presigned('png', owner.headers);
    expect((await putFile(answer.upload_url, png, answer.headers)).statusCode).toBe(200);

    const thief = await signedIn('Other Person');
    const response = await saveProfileImage(thief.headers, answer.public_url);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ path: 'body.image', message: expect.any(String) }]);
    const account = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/current/account',
      headers: thief.headers,
    });
    expect(account.json().image).toBeNull();
  });
});

describe('an organisation logo', () => {
  it('is uploaded and saved by an Admin, and shown on the merchant’s sign-in page', async () => {
    const admin = await signedIn('Logo Admin');
    const slug = `logo-${randomUUID().slice(0, 8)}`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organisations',
      headers: admin.headers,
      payload: {
        title: 'Logo Merchant',
        slug,
        abn: null,
        contact_email: null,
        phone: null,
        address_line1: null,
        address_line2: null,
        suburb: null,
        state: null,
        postcode: null,
      },
    });
    expect(created.statusCode).toBe(201);
    const organisation = created.json();
    const answer = await presigned('png', admin.headers);
    expect((await putFile(answer.upload_url, png, answer.headers)).statusCode).toBe(200);

    const update = (headers: Headers, version: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/organisations/${organisation.id}`,
        headers,
        payload: { ...organisation, image: answer.public_url, version },
      });

    // A User of the organisation may not change the logo, even to an image of their own.
    const user = await signedIn('Plain User');
    await addMember(t.database.db, { userId: user.user.id, organisationId: organisation.id, level: 'User' });
    expect((await update(user.headers, organisation.version)).statusCode).toBe(403);

    const saved = await update(admin.headers, organisation.version);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ image: answer.public_url, version: organisation.version + 1 });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/organisations/${organisation.id}`,
      headers: user.headers,
    });
    expect(read.json().image).toBe(answer.public_url);
    const signInPage = await t.app.inject({ method: 'GET', url: `/api/v1/organisations/login/slug/${slug}` });
    expect(signInPage.json()).toEqual({ title: 'Logo Merchant', image: answer.public_url, slug });
    expect((await getFile(answer.public_url)).headers['content-type']).toBe('image/png');
  });
});
