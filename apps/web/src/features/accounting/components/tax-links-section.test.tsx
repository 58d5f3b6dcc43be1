import { screen, waitFor, within } from '@testing-library/react';
import { linkXeroTaxRule, unlinkXeroTaxRule } from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { route } from '#testing/fake-api.ts';
import { harbour } from '#testing/fixtures.ts';
import { jsonResponse } from '#testing/render-routes.tsx';
import { gstRuleId, linkFixture, taxLinksFixture, wineRuleId } from '../testing/accounting-fixtures.ts';
import { showXeroSettings, TAX_LINKS, xeroDown } from '../testing/show-xero-settings.tsx';

// The Taxes section on /xero/settings: which Xero tax rate each tax rule's lines are sent with,
// linked as it is chosen and unlinked by clearing it.

afterEach(() => vi.unstubAllGlobals());

const LINK = route(linkXeroTaxRule);
const UNLINK = route(unlinkXeroTaxRule);
const TAXES_PATH = `/api/v1/xero/organisation/${harbour.id}/taxes`;

const section = async () => within(await screen.findByRole('region', { name: 'Taxes' }));

async function rulesTable() {
  return (await section()).findByRole('table', { name: 'Tax rules and their Xero tax rates' });
}

describe('Xero tax rule links', () => {
  it('lists each rule with its rate and the Xero tax rate it is sent with', async () => {
    showXeroSettings();
    const table = within(await rulesTable());

    expect(table.getByRole('rowheader', { name: /^GST/ }).closest('tr')).toHaveTextContent('10 %');
    expect(table.getByRole('combobox', { name: 'Xero tax rate for GST' })).toHaveValue('GST on Income (10%)');
    expect(table.getByText('Lines at 10 % are sent with the mapping’s GST tax rate.')).toBeInTheDocument();
    expect(table.getByRole('rowheader', { name: /^Wine equalisation/ }).closest('tr')).toHaveTextContent(
      '29 %',
    );
    expect(table.getByRole('combobox', { name: 'Xero tax rate for Wine equalisation' })).toHaveValue('');
  });

  it('links a rule to the tax rate chosen', async () => {
    let isLinked = false;
    const { api, user } = showXeroSettings({
      [TAX_LINKS]: () => {
        const fixture = taxLinksFixture();
        if (!isLinked) return jsonResponse(200, fixture);
        const [gst, wine] = fixture.tax_rules;
        const linked = { ...wine!, link: linkFixture('TAX001', 'WET on Income') };
        return jsonResponse(200, { ...fixture, tax_rules: [gst, linked] });
      },
      [LINK]: () => {
        isLinked = true;
        return jsonResponse(200, { id: wineRuleId, link: linkFixture('TAX001', 'WET on Income') });
      },
    });
    const table = within(await rulesTable());

    await user.click(table.getByRole('combobox', { name: 'Xero tax rate for Wine equalisation' }));
    await user.click(await screen.findByRole('option', { name: 'WET on Income (29%)' }));

    expect(await screen.findByText('Wine equalisation is sent with WET on Income (29%)')).toBeInTheDocument();
    expect(api.requestsTo(LINK).map((request) => [request.method, request.path, request.body])).toEqual([
      ['PUT', `${TAXES_PATH}/${wineRuleId}`, { tax_id: 'TAX001' }],
    ]);
    expect(table.getByRole('combobox', { name: 'Xero tax rate for Wine equalisation' })).toHaveValue(
      'WET on Income (29%)',
    );
  });

  it('unlinks a rule when its tax rate is cleared', async () => {
    const { api, user } = showXeroSettings({
      [UNLINK]: () => jsonResponse(200, { id: gstRuleId, link: null }),
    });
    const table = within(await rulesTable());

    await user.click(table.getByRole('button', { name: 'Unlink GST' }));

    expect(await screen.findByText('GST unlinked')).toBeInTheDocument();
    expect(api.requestsTo(UNLINK).map((request) => [request.method, request.path])).toEqual([
      ['DELETE', `${TAXES_PATH}/${gstRuleId}`],
    ]);
  });

  it('puts back the saved rate when a link is refused', async () => {
    const message = 'Choose one of the tax rates the books have for sales.';
    const { user } = showXeroSettings({
      [LINK]: () =>
        jsonResponse(400, {
          error_code: 'VALIDATION_ERROR',
          message,
          details: [{ path: 'body.tax_id', message }],
        }),
    });
    const table = within(await rulesTable());
    const gst = table.getByRole('combobox', { name: 'Xero tax rate for GST' });

    await user.click(gst);
    await user.click(await screen.findByRole('option', { name: 'BAS Excluded (0%)' }));

    expect(await screen.findByText(`VALIDATION ERROR - ${message}`)).toBeInTheDocument();
    await waitFor(() => expect(gst).toHaveValue('GST on Income (10%)'));
  });

  it('says there are no tax rules, with the way to Taxes', async () => {
    showXeroSettings({ [TAX_LINKS]: () => jsonResponse(200, taxLinksFixture({ tax_rules: [] })) });
    const panel = await section();

    expect(await panel.findByText('No tax rules')).toBeInTheDocument();
    expect(panel.getByRole('link', { name: 'Go to Taxes' })).toHaveAttribute('href', '/taxes');
  });

  it('says Xero did not answer, and loads again on Try again', async () => {
    let isDown = true;
    const { api, user } = showXeroSettings({
      [TAX_LINKS]: () => (isDown ? xeroDown() : jsonResponse(200, taxLinksFixture())),
    });
    const panel = await section();

    expect(await panel.findByText('We could not load your tax rules and Xero tax rates')).toBeInTheDocument();
    expect(panel.getByText('Xero is not answering just now. Try again in a minute.')).toBeInTheDocument();
    isDown = false;
    await user.click(panel.getByRole('button', { name: 'Try again' }));

    expect(await rulesTable()).toBeInTheDocument();
    expect(api.requestsTo(TAX_LINKS)).toHaveLength(2);
  });
});
