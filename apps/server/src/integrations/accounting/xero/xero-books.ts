import type { BooksCall, ProviderAccount, ProviderTaxRate } from '../accounting-provider.ts';
import type { XeroApi } from './xero-api.ts';

// Reading a Xero organisation's settings: its chart of accounts and its tax rates, for the
// merchant to map Tradeport's sales, freight, surcharges, payment methods and GST onto.

type XeroAccount = {
  Code?: string;
  Name: string;
  Type: string;
  Status: string;
  EnablePaymentsToAccount?: boolean;
};
type XeroTaxRate = {
  Name: string;
  TaxType: string;
  Status: string;
  EffectiveRate?: number;
  CanApplyToRevenue?: boolean;
};

const REVENUE_TYPES = new Set(['REVENUE', 'SALES', 'OTHERINCOME']);

export function xeroAccountUse(account: XeroAccount): ProviderAccount['use'] {
  if (account.Type === 'BANK' || account.EnablePaymentsToAccount) return 'PAYMENTS';
  return REVENUE_TYPES.has(account.Type) ? 'REVENUE' : 'OTHER';
}

export function createXeroBooks(api: XeroApi) {
  return {
    async listAccounts(call: BooksCall): Promise<ProviderAccount[]> {
      const { Accounts } = await api.request<{ Accounts: XeroAccount[] }>(call, 'GET', 'Accounts');
      // An account without a code cannot be named on a line; archived ones cannot take new lines.
      return Accounts.filter((account) => account.Status === 'ACTIVE' && account.Code).map((account) => ({
        code: account.Code!,
        name: account.Name,
        use: xeroAccountUse(account),
      }));
    },

    async listTaxRates(call: BooksCall): Promise<ProviderTaxRate[]> {
      const { TaxRates } = await api.request<{ TaxRates: XeroTaxRate[] }>(call, 'GET', 'TaxRates');
      return TaxRates.filter((rate) => rate.Status === 'ACTIVE' && rate.CanApplyToRevenue !== false).map(
        (rate) => ({ id: rate.TaxType, name: rate.Name, ratePercent: rate.EffectiveRate ?? 0 }),
      );
    },
  };
}
