import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '#lib/session.ts';
import { answer, fakeFetch, route } from '#testing/fake-api.ts';
import { longSession } from '#testing/fixtures.ts';
import { renderRoutes, withQueryClient } from '#testing/render-routes.tsx';
import { telHref } from '../api/support-api.ts';
import { SupportScreen } from './support-screen.tsx';
import { getSupportContact } from '@tradeport/contract';

const routes = withQueryClient([{ path: '/support', element: <SupportScreen /> }]);

beforeEach(() => sessionStore.set(longSession));
afterEach(() => vi.unstubAllGlobals());

describe('SupportScreen', () => {
  it('links to the support email and phone from the server', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        [route(getSupportContact)]: answer(200, { email: 'help@tradeport.example', phone: '1300 555 010' }),
      }).stub,
    );
    renderRoutes(routes, '/support');

    expect(screen.getByRole('heading', { level: 1, name: 'Support' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'help@tradeport.example' })).toHaveAttribute(
      'href',
      'mailto:help@tradeport.example',
    );
    expect(screen.getByRole('link', { name: '1300 555 010' })).toHaveAttribute('href', 'tel:1300555010');
  });

  it('offers to try again when the details cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ [route(getSupportContact)]: answer(404, { error_code: 'NOT_FOUND', message: 'Gone' }) })
        .stub,
    );
    renderRoutes(routes, '/support');
    expect(await screen.findByText('Support details could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('telHref', () => {
  it('keeps digits and a leading +', () => {
    expect(telHref('+61 2 9000 0000')).toBe('tel:+61290000000');
    expect(telHref('(02) 9000-0000')).toBe('tel:0290000000');
  });
});
