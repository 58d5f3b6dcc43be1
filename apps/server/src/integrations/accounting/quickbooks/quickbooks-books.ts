import type { BooksCall, ProviderAccount, ProviderTaxRate } from '../accounting-provider.ts';
import type { QuickBooksApi } from './quickbooks-api.ts';

// Reading a QuickBooks company's settings: its chart of accounts and the tax codes sales can take,
// for the merchant to map Tradeport's sales, freight, surcharges, payment methods and GST onto. An
// account's "code" is its Id (what IncomeAccountRef and DepositToAccountRef name; AcctNum is
// optional in QuickBooks and shown in the name). A tax rate's id is the TaxCode's Id (what a line's
// TaxCodeRef names), its rate the sales TaxRate's RateValue.

export type QuickBooksAccount = {
  Id: string;
  Name: string;
  FullyQualifiedName?: string;
  AcctNum?: string;
  AccountType: string;
  AccountSubType?: string;
  Active?: boolean;
};
type QuickBooksTaxCode = {
  Id: string;
  Name: string;
  Description?: string;
  Active?: boolean;
  SalesTaxRateList?: { TaxRateDetail?: { TaxRateRef: { value: string } }[] };
};
type QuickBooksTaxRate = { Id: string; Name: string; RateValue?: number; Active?: boolean };

const REVENUE_TYPES = new Set(['Income', 'Other Income']);

export function quickBooksAccountUse(account: QuickBooksAccount): ProviderAccount['use'] {
  // Payments are deposited into a bank account, or held in Undeposited Funds until banked.
  if (account.AccountType === 'Bank' || account.AccountSubType === 'UndepositedFunds') return 'PAYMENTS';
  return REVENUE_TYPES.has(account.AccountType) ? 'REVENUE' : 'OTHER';
}

export const accountNameOf = (account: QuickBooksAccount) => {
  const name = account.FullyQualifiedName ?? account.Name;
  return account.AcctNum ? `${account.AcctNum} ${name}` : name;
};

export function createQuickBooksBooks(api: QuickBooksApi) {
  return {
    async listAccounts(call: BooksCall): Promise<ProviderAccount[]> {
      const accounts = await api.query<QuickBooksAccount>(
        call,
        'Account',
        'select * from Account where Active = true orderby Name maxresults 1000',
      );
      return accounts
        .filter((account) => account.Active !== false)
        .map((account) => ({
          code: account.Id,
          name: accountNameOf(account),
          use: quickBooksAccountUse(account),
        }));
    },

    async listTaxRates(call: BooksCall): Promise<ProviderTaxRate[]> {
      const [codes, rates] = await Promise.all([
        api.query<QuickBooksTaxCode>(
          call,
          'TaxCode',
          'select * from TaxCode where Active = true maxresults 1000',
        ),
        api.query<QuickBooksTaxRate>(call, 'TaxRate', 'select * from TaxRate maxresults 1000'),
      ]);
      const rateOf = new Map(rates.map((rate) => [rate.Id, rate.RateValue ?? 0]));
      // A code with no sales rate is for purchases only (input taxed, capital acquisitions…).
      return codes
        .filter((code) => code.Active !== false && (code.SalesTaxRateList?.TaxRateDetail ?? []).length > 0)
        .map((code) => ({
          id: code.Id,
          // "FRE (GST free)", but "GST" rather than "GST (GST)".
          name:
            code.Description && code.Description.toLowerCase() !== code.Name.toLowerCase()
              ? `${code.Name} (${code.Description})`
              : code.Name,
          ratePercent: code
            .SalesTaxRateList!.TaxRateDetail!.map((detail) => rateOf.get(detail.TaxRateRef.value) ?? 0)
            .reduce((sum, rate) => sum + rate, 0),
        }));
    },
  };
}
