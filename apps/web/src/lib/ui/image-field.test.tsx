import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createImageUpload, MAX_IMAGE_BYTES } from '@tradeport/contract';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, route } from '#testing/fake-api.ts';
import { longSession } from '#testing/fixtures.ts';
import { jsonResponse, renderRoutes } from '#testing/render-routes.tsx';
import { sessionStore } from '../session.ts';
import { ImageField } from './image-field.tsx';

function Harness() {
  const [url, setUrl] = useState<string | null>(null);
  return (
    <>
      <ImageField label="Logo" value={url} onChange={setUrl} fallback="Harbour" />
      <output aria-label="Saved URL">{url ?? 'none'}</output>
    </>
  );
}

const file = (name: string, type: string, size = 2_048) => new File([new Uint8Array(size)], name, { type });

beforeEach(() => sessionStore.set(longSession));
afterEach(() => vi.unstubAllGlobals());

describe('ImageField', () => {
  // The picker's accept list would filter these out; the check behind it is what is tested here.
  const user = () => userEvent.setup({ applyAccept: false });

  it('refuses a file of another type before uploading anything', async () => {
    const api = fakeFetch({});
    vi.stubGlobal('fetch', api.stub);
    renderRoutes([{ path: '/', element: <Harness /> }], '/');

    await user().upload(screen.getByLabelText('Logo file'), file('anim.gif', 'image/gif'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a JPEG or PNG image (at most 5 MB).');
    expect(api.stub).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Saved URL')).toHaveTextContent('none');
  });

  it('refuses an image over 5 MB before uploading anything', async () => {
    const api = fakeFetch({});
    vi.stubGlobal('fetch', api.stub);
    renderRoutes([{ path: '/', element: <Harness /> }], '/');

    await user().upload(
      screen.getByLabelText('Logo file'),
      file('huge.png', 'image/png', MAX_IMAGE_BYTES + 1),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose an image of at most 5 MB.');
    expect(api.stub).not.toHaveBeenCalled();
  });

  it('uploads a valid image and hands over its public URL', async () => {
    const api = fakeFetch(
      {
        [route(createImageUpload, { type: 'jpg' })]: () =>
          jsonResponse(201, {
            upload_url: '/api/v1/uploads/abc',
            method: 'PUT',
            headers: { 'Content-Type': 'image/jpeg' },
            public_url: '/files/abc.jpg',
            max_bytes: MAX_IMAGE_BYTES,
            expires_at: '2099-01-01T00:00:00.000Z',
          }),
      },
      // The local storage driver's upload address: the server's, but not a contract endpoint.
      { outside: { 'PUT /api/v1/uploads/abc': () => new Response(null, { status: 204 }) } },
    );
    vi.stubGlobal('fetch', api.stub);
    renderRoutes([{ path: '/', element: <Harness /> }], '/');

    await user().upload(screen.getByLabelText('Logo file'), file('shopfront.jpg', 'image/jpeg'));
    await waitFor(() => expect(screen.getByLabelText('Saved URL')).toHaveTextContent('/files/abc.jpg'));
    expect(await screen.findByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', '/files/abc.jpg');
    expect(screen.getByRole('button', { name: 'Remove logo' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
