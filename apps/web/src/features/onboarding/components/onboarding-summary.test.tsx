import { screen } from '@testing-library/react';
import { getCurrentUser, getOnboardingProgress, ONBOARDING_STEPS } from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, route } from '#testing/fake-api.ts';
import { harbour, merchantUser } from '#testing/fixtures.ts';
import { jsonResponse, renderAsMerchant } from '#testing/render-routes.tsx';
import { OnboardingSummary } from './onboarding-summary.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderSummary(done: readonly string[], percentage: number) {
  const api = fakeFetch({
    [route(getCurrentUser)]: () => jsonResponse(200, merchantUser),
    [route(getOnboardingProgress, { id: harbour.id })]: () =>
      jsonResponse(200, {
        completed_percentage: percentage,
        steps: ONBOARDING_STEPS.map((step) => ({ step, is_done: done.includes(step) })),
      }),
  });
  vi.stubGlobal('fetch', api.stub);
  return { api, ...renderAsMerchant([{ path: '/', element: <OnboardingSummary /> }], '/') };
}

describe('OnboardingSummary', () => {
  it('shows the percentage and the first step not done, linking to the checklist', async () => {
    renderSummary(['DETAILS', 'PRODUCT'], 29);
    expect(await screen.findByRole('region', { name: 'Finish setting up' })).toBeInTheDocument();
    expect(screen.getByText('29% complete')).toBeInTheDocument();
    expect(screen.getByText('Next: Add your first customer')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See every step' })).toHaveAttribute('href', '/onboarding');
  });

  it('is gone once every step is done', async () => {
    const { api } = renderSummary(ONBOARDING_STEPS, 100);
    await vi.waitFor(() =>
      expect(api.requestsTo(route(getOnboardingProgress, { id: harbour.id }))).toHaveLength(1),
    );
    expect(screen.queryByRole('region', { name: 'Finish setting up' })).toBeNull();
  });
});
