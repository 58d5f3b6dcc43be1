import type { AccountingMapping, FieldIssue } from '@tradeport/contract';
import type { ProviderAccount, ProviderTaxRate } from '../../integrations/accounting/accounting-provider.ts';

// The one rule for a mapping against the books as the provider has them now: every code named is
// in the chart and fits its use, every tax rate is one sales can carry, GST's charges tax and
// GST-free's does not. Each problem is an issue on its field.

const REVENUE_FIELDS = ['sales_account_code', 'freight_account_code', 'surcharge_account_code'] as const;

export function mappingIssues(
  mapping: AccountingMapping,
  books: { accounts: ProviderAccount[]; taxRates: ProviderTaxRate[] },
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const accounts = new Map(books.accounts.map((account) => [account.code, account]));
  const rates = new Map(books.taxRates.map((rate) => [rate.id, rate]));

  for (const field of REVENUE_FIELDS) {
    const code = mapping[field];
    if (code === null) continue;
    const account = accounts.get(code);
    if (!account)
      issues.push({ path: `body.${field}`, message: `There is no active account ${code} in the books` });
    else if (account.use !== 'REVENUE') {
      issues.push({ path: `body.${field}`, message: `${code} ${account.name} is not an income account` });
    }
  }
  for (const [method, code] of Object.entries(mapping.payment_account_codes)) {
    const account = accounts.get(code);
    const path = `body.payment_account_codes.${method}`;
    if (!account) issues.push({ path, message: `There is no active account ${code} in the books` });
    else if (account.use !== 'PAYMENTS') {
      issues.push({ path, message: `${code} ${account.name} cannot receive payments` });
    }
  }
  const checkRate = (field: 'gst_tax_id' | 'gst_free_tax_id', isTaxed: boolean) => {
    const id = mapping[field];
    if (id === null) return;
    const rate = rates.get(id);
    const path = `body.${field}`;
    if (!rate) issues.push({ path, message: `There is no tax rate ${id} for sales in the books` });
    else if (isTaxed !== rate.ratePercent > 0) {
      issues.push({
        path,
        message: isTaxed
          ? `${rate.name} charges no tax: choose the rate for GST on income`
          : `${rate.name} charges ${rate.ratePercent}%: choose a GST-free rate`,
      });
    }
  };
  checkRate('gst_tax_id', true);
  checkRate('gst_free_tax_id', false);
  return issues;
}
