import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Customer } from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { harbour, merchantUser } from '#testing/fixtures.ts';
import {
  CAFE_ID,
  customerFixture,
  json,
  listFixture,
  renderCustomers,
  stubApi,
} from '../testing/customers-api-stub.tsx';
import {
  addGroupCustomer,
  addTierCustomer,
  getCurrentUser,
  getCustomer,
  getCustomerSettings,
  listCustomerUsers,
  listPricingTiers,
  listVisibilityGroups,
  removeGroupCustomer,
  removeTierCustomer,
} from '@tradeport/contract';
import { type FakeHandler, route } from '#testing/fake-api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const WHOLESALE = listFixture('00000000-0000-4000-8000-0000000000f1', 'Wholesale');
const TRADE = listFixture('00000000-0000-4000-8000-0000000000f2', 'Trade');
const VIP = listFixture('00000000-0000-4000-8000-0000000000f3', 'VIP');
const NORTH = listFixture('00000000-0000-4000-8000-0000000000f4', 'Zone North');
const ref = (list: { id: string; name: string }) => ({ id: list.id, name: list.name });

/** The same merchant, signed in as a User of Harbour Wholesale: may read, not change. */
const asUser = {
  ...merchantUser,
  organisations: merchantUser.organisations.map((organisation) =>
    organisation.id === harbour.id ? { ...organisation, user_level: 'User' as const } : organisation,
  ),
};

/** The café in Wholesale and VIP; `customer` is read on each GET, so a change can show. */
function stubCafe(options: { customer?: () => Customer; handlers?: Record<string, FakeHandler> } = {}) {
  const customer =
    options.customer ??
    (() => customerFixture({ pricing_tier: ref(WHOLESALE), visibility_groups: [ref(VIP)] }));
  return stubApi({
    [route(getCustomer, { id: harbour.id, cid: CAFE_ID })]: () => json(200, customer()),
    [route(getCustomerSettings, { id: harbour.id, cid: CAFE_ID })]: () =>
      json(200, customer().payment_settings),
    [route(listCustomerUsers, { id: harbour.id, cid: CAFE_ID })]: () => json(200, []),
    [route(listPricingTiers, { id: harbour.id })]: () =>
      json(200, { items: [TRADE, WHOLESALE], next_cursor: null }),
    [route(listVisibilityGroups, { id: harbour.id })]: () =>
      json(200, { items: [VIP, NORTH], next_cursor: null }),
    ...options.handlers,
  });
}

const section = async () => within(await screen.findByRole('region', { name: 'Pricing and visibility' }));

describe('TierGroupsSection', { timeout: 20_000 }, () => {
  it('shows the tier and the groups, linked to their pages', async () => {
    stubCafe();
    renderCustomers(`/customers/${CAFE_ID}`);
    const panel = await section();

    expect(panel.getByRole('link', { name: 'Wholesale' })).toHaveAttribute(
      'href',
      `/pricing/${WHOLESALE.id}`,
    );
    expect(panel.getByRole('link', { name: 'VIP' })).toHaveAttribute('href', `/visibility/${VIP.id}`);
    await waitFor(() => expect(panel.getByLabelText(/^Pricing tier/)).toHaveValue(WHOLESALE.id));
  });

  it('says when the customer pays base prices and is in no group', async () => {
    stubCafe({ customer: () => customerFixture() });
    renderCustomers(`/customers/${CAFE_ID}`);
    const panel = await section();

    expect(panel.getByText('Base prices — no tier')).toBeInTheDocument();
    expect(panel.getByText(/In no group/)).toBeInTheDocument();
  });

  it('lets an Admin move the customer to another tier, then shows the tier saved', async () => {
    let current = customerFixture({ pricing_tier: ref(WHOLESALE), visibility_groups: [ref(VIP)] });
    const api = stubCafe({
      customer: () => current,
      handlers: {
        [route(addTierCustomer, { id: harbour.id, gid: TRADE.id, cid: CAFE_ID })]: () => {
          current = { ...current, pricing_tier: ref(TRADE) };
          return json(200, {
            customer_id: CAFE_ID,
            organisation_id: current.organisation_id,
            title: current.title,
            is_archived: false,
          });
        },
      },
    });
    renderCustomers(`/customers/${CAFE_ID}`);
    const panel = await section();
    const select = panel.getByLabelText(/^Pricing tier/);
    await waitFor(() => expect(select).toBeEnabled());

    await userEvent.selectOptions(select, 'Trade');

    expect(await panel.findByRole('link', { name: 'Trade' })).toHaveAttribute('href', `/pricing/${TRADE.id}`);
    expect(
      api.requestsTo(route(addTierCustomer, { id: harbour.id, gid: TRADE.id, cid: CAFE_ID })),
    ).toHaveLength(1);
    expect(
      api.requestsTo(route(getCustomer, { id: harbour.id, cid: CAFE_ID })).length,
    ).toBeGreaterThanOrEqual(2);
    expect(await screen.findByText('Café Aroma now pays Trade prices')).toBeInTheDocument();
  });

  it('takes the customer out of its tier when an Admin chooses No tier', async () => {
    let current = customerFixture({ pricing_tier: ref(WHOLESALE) });
    const api = stubCafe({
      customer: () => current,
      handlers: {
        [route(removeTierCustomer, { id: harbour.id, gid: WHOLESALE.id, cid: CAFE_ID })]: () => {
          current = { ...current, pricing_tier: null };
          return json(200, { deleted: true });
        },
      },
    });
    renderCustomers(`/customers/${CAFE_ID}`);
    const panel = await section();
    const select = panel.getByLabelText(/^Pricing tier/);
    await waitFor(() => expect(select).toBeEnabled());

    await userEvent.selectOptions(select, 'No tier');

    expect(await panel.findByText('Base prices — no tier')).toBeInTheDocument();
    expect(
      api.requestsTo(route(removeTierCustomer, { id: harbour.id, gid: WHOLESALE.id, cid: CAFE_ID })),
    ).toHaveLength(1);
    expect(
      api.requestsTo(route(addTierCustomer, { id: harbour.id, gid: WHOLESALE.id, cid: CAFE_ID })),
    ).toHaveLength(0);
  });

  it('lets an Admin add the customer to a group it is not in, and remove it from one', async () => {
    let current = customerFixture({ visibility_groups: [ref(VIP)] });
    const api = stubCafe({
      customer: () => current,
      handlers: {
        [route(addGroupCustomer, { id: harbour.id, gid: NORTH.id, cid: CAFE_ID })]: () => {
          current = { ...current, visibility_groups: [ref(VIP), ref(NORTH)] };
          return json(200, {
            customer_id: CAFE_ID,
            organisation_id: current.organisation_id,
            title: current.title,
            is_archived: false,
          });
        },
        [route(removeGroupCustomer, { id: harbour.id, gid: VIP.id, cid: CAFE_ID })]: () => {
          current = {
            ...current,
            visibility_groups: current.visibility_groups.filter((g) => g.id !== VIP.id),
          };
          return json(200, { deleted: true });
        },
      },
    });
    renderCustomers(`/customers/${CAFE_ID}`);
    const panel = await section();
    const add = panel.getByLabelText(/^Add to visibility group/);
    await waitFor(() => expect(add).toBeEnabled());
    // Only the groups the customer is not in yet are offered.
    expect(within(add).queryByRole('option', { name: 'VIP' })).toBeNull();

    await userEvent.selectOptions(add, 'Zone North');
    expect(await panel.findByRole('link', { name: 'Zone North' })).toBeInTheDocument();
    expect(
      api.requestsTo(route(addGroupCustomer, { id: harbour.id, gid: NORTH.id, cid: CAFE_ID })),
    ).toHaveLength(1);

    await userEvent.click(panel.getByRole('button', { name: 'Remove from VIP' }));
    await waitFor(() => expect(panel.queryByRole('link', { name: 'VIP' })).toBeNull());
    expect(
      api.requestsTo(route(removeGroupCustomer, { id: harbour.id, gid: VIP.id, cid: CAFE_ID })),
    ).toHaveLength(1);
  });

  it('is read-only for a User, who is not offered the choices', async () => {
    const api = stubCafe({ handlers: { [route(getCurrentUser)]: () => json(200, asUser) } });
    renderCustomers(`/customers/${CAFE_ID}`);
    const panel = await section();

    expect(panel.getByRole('link', { name: 'Wholesale' })).toBeInTheDocument();
    expect(panel.getByRole('link', { name: 'VIP' })).toBeInTheDocument();
    expect(panel.queryByLabelText(/^Pricing tier/)).toBeNull();
    expect(panel.queryByLabelText(/^Add to visibility group/)).toBeNull();
    expect(panel.queryByRole('button', { name: 'Remove from VIP' })).toBeNull();
    expect(api.requestsTo(route(listPricingTiers, { id: harbour.id }))).toHaveLength(0);
    expect(api.requestsTo(route(listVisibilityGroups, { id: harbour.id }))).toHaveLength(0);
  });
});
