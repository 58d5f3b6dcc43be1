import { screen, within } from '@testing-library/react';
import {
  getCurrentUser,
  getOnboardingProgress,
  ONBOARDING_STEPS,
  type OnboardingProgress,
} from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, route } from '#testing/fake-api.ts';
import { harbour, merchantUser } from '#testing/fixtures.ts';
import { jsonResponse, renderAsMerchant } from '#testing/render-routes.tsx';
import { OnboardingScreen } from './onboarding-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

const PROGRESS = route(getOnboardingProgress, { id: harbour.id });

const progressOf = (done: readonly string[], percentage: number): OnboardingProgress => ({
  completed_percentage: percentage,
  steps: ONBOARDING_STEPS.map((step) => ({ step, is_done: done.includes(step) })),
});

function renderOnboarding(progress: () => Response, path = '/onboarding') {
  const api = fakeFetch({
    [route(getCurrentUser)]: () => jsonResponse(200, merchantUser),
    [PROGRESS]: progress,
  });
  vi.stubGlobal('fetch', api.stub);
  renderAsMerchant([{ path: '/onboarding', element: <OnboardingScreen /> }], path);
  return api;
}

const stepCard = (title: string) =>
  within(screen.getByRole('heading', { level: 2, name: title }).closest('li')!);

describe('OnboardingScreen', () => {
  it('shows the percentage the server gives and each step, done or with the ways to do it', async () => {
    renderOnboarding(() => jsonResponse(200, progressOf(['DETAILS', 'PRODUCT', 'DELIVERY'], 43)));

    expect(await screen.findByText('43% complete')).toBeInTheDocument();
    expect(screen.getByText('3 of 7 steps done')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Set-up progress' })).toHaveAttribute(
      'aria-valuenow',
      '43',
    );

    const product = stepCard('Add your first product');
    expect(product.getByText('Done')).toBeInTheDocument();
    expect(product.queryByRole('link')).toBeNull();

    const payments = stepCard('Set up how you are paid');
    expect(payments.queryByText('Done')).toBeNull();
    expect(payments.getByRole('link', { name: 'Connect Stripe' })).toHaveAttribute(
      'href',
      '/stripe/settings',
    );
    expect(payments.getByRole('link', { name: 'Add a bank account' })).toHaveAttribute(
      'href',
      '/organisations/details',
    );
    expect(stepCard('Choose your plan').getByRole('link', { name: 'Choose a plan' })).toHaveAttribute(
      'href',
      '/organisations/billing',
    );
    expect(screen.queryByText('You are all set up')).toBeNull();
  });

  it('says so when everything is done', async () => {
    renderOnboarding(() => jsonResponse(200, progressOf(ONBOARDING_STEPS, 100)));
    expect(await screen.findByText('You are all set up')).toBeInTheDocument();
    expect(screen.getAllByText('Done')).toHaveLength(7);
  });

  it('offers to try again when the progress cannot be loaded', async () => {
    renderOnboarding(() =>
      jsonResponse(503, { error_code: 'SERVICE_UNAVAILABLE', message: 'The database is not answering.' }),
    );
    expect(await screen.findByText('We could not load your set-up progress')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });
});
