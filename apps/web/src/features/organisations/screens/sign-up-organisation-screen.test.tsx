import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createOrganisation } from '@tradeport/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { organisationIdStore } from '#lib/organisation.ts';
import { sessionStore } from '#lib/session.ts';
import { answer, fakeFetch, route } from '#testing/fake-api.ts';
import { harbourOrganisation, longSession } from '#testing/fixtures.ts';
import { jsonResponse, renderRoutes, withQueryClient } from '#testing/render-routes.tsx';
import { suggestSlug } from '../components/organisation-form.ts';
import { SignUpOrganisationScreen } from './sign-up-organisation-screen.tsx';

const NEW_ID = '00000000-0000-4000-8000-0000000000dd';
const created = (body: object) =>
  harbourOrganisation({
    id: NEW_ID,
    title: '',
    slug: '',
    trial_end: '2099-01-01T00:00:00.000Z',
    version: 1,
    ...body,
  });

const routes = withQueryClient([
  { path: '/sign-up-organisation', element: <SignUpOrganisationScreen /> },
  { path: '/sign-up-products', element: <p>Add your products</p> },
]);

beforeEach(() => sessionStore.set(longSession));
afterEach(() => vi.unstubAllGlobals());

describe('suggestSlug', () => {
  it('turns a title into the contract slug shape', () => {
    expect(suggestSlug('Harbour Wholesale Pty Ltd')).toBe('harbour-wholesale-pty-ltd');
    expect(suggestSlug('  Café & Co. — Bondi!! ')).toBe('cafe-and-co-bondi');
    expect(suggestSlug('---')).toBe('');
    expect(suggestSlug('x'.repeat(80))).toHaveLength(60);
  });
});

describe('SignUpOrganisationScreen', () => {
  it('suggests the slug from the title until it is edited', async () => {
    vi.stubGlobal('fetch', fakeFetch({}).stub);
    renderRoutes(routes, '/sign-up-organisation');
    const user = userEvent.setup();
    const title = screen.getByRole('textbox', { name: /^Business name/ });
    const slug = screen.getByRole('textbox', { name: /^Sign-in address/ });

    await user.type(title, 'Harbour Wholesale');
    expect(slug).toHaveValue('harbour-wholesale');
    await user.clear(slug);
    await user.type(slug, 'harbour');
    await user.type(title, ' Co');
    expect(slug).toHaveValue('harbour');
  });

  it('creates the organisation, acts for it and goes to /', async () => {
    const api = fakeFetch({
      [route(createOrganisation)]: ({ body }) => jsonResponse(201, created(body as object)),
    });
    vi.stubGlobal('fetch', api.stub);
    const { router } = renderRoutes(routes, '/sign-up-organisation');
    const user = userEvent.setup();

    await user.type(screen.getByRole('textbox', { name: /^Business name/ }), 'Harbour Wholesale');
    await user.type(screen.getByRole('textbox', { name: /^ABN/ }), '51 824 753 556');
    await user.type(screen.getByRole('textbox', { name: /^Address line 1/ }), '1 Wharf Rd');
    await user.type(screen.getByRole('textbox', { name: /^Suburb/ }), 'Pyrmont');
    await user.click(screen.getByRole('combobox', { name: /^State/ }));
    await user.click(await screen.findByRole('option', { name: 'NSW' }));
    await user.type(screen.getByRole('textbox', { name: /^Postcode/ }), '2009');
    await user.type(screen.getByRole('textbox', { name: /^Contact email/ }), 'Orders@Harbour.example');
    await user.click(screen.getByRole('button', { name: 'Create organisation' }));

    // Sign-up goes on to its products step.
    expect(await screen.findByText('Add your products')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-up-products');
    expect(organisationIdStore.get()).toBe(NEW_ID);
    expect(api.requestsTo(route(createOrganisation))[0]?.body).toEqual({
      title: 'Harbour Wholesale',
      slug: 'harbour-wholesale',
      abn: '51824753556',
      address_line1: '1 Wharf Rd',
      address_line2: null,
      suburb: 'Pyrmont',
      state: 'NSW',
      postcode: '2009',
      phone: null,
      contact_email: 'orders@harbour.example',
    });
  });

  it('checks the form before sending and shows a taken slug on its field', async () => {
    const api = fakeFetch({
      [route(createOrganisation)]: answer(409, {
        error_code: 'CONFLICT',
        message: 'That sign-in address is taken.',
        details: [{ path: 'body.slug', message: 'That sign-in address is taken.' }],
      }),
    });
    vi.stubGlobal('fetch', api.stub);
    renderRoutes(routes, '/sign-up-organisation');
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Create organisation' }));
    expect(await screen.findByText('Enter a name')).toBeInTheDocument();
    expect(api.stub).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: /^Business name/ }), 'Harbour');
    await user.click(screen.getByRole('button', { name: 'Create organisation' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Sign-in address/ })).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );
    expect(screen.getByText('That sign-in address is taken.')).toBeInTheDocument();
    expect(organisationIdStore.get()).toBeNull();
  });
});
