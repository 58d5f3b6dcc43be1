import type { BooksCall, ProviderAccount, ProviderTaxRate } from '../accounting-provider.ts';
import { ProviderRefusedError } from '../accounting-errors.ts';
import { type MyobApi, type MyobCollection, odataString } from './myob-api.ts';

// Reading a MYOB company file's settings: its chart of accounts and its tax codes, for the
// merchant to map Tradeport's sales, freight, surcharges, payment methods and GST onto. An
// account's code is its DisplayID ("4-1000", what MYOB shows); writes name accounts by UID, so
// each write resolves the codes it uses (accountUids). A tax rate's id is the TaxCode's UID,
// which writes send as is.

/** MYOB's largest page (`$top`); its default is 400. */
export const MYOB_PAGE_SIZE = 1000;

type MyobAccount = {
  UID: string;
  DisplayID: string;
  Name: string;
  Classification: string;
  Type: string;
  IsActive: boolean;
  IsHeader: boolean;
};
type MyobTaxCode = { UID: string; Code: string; Description: string; Type: string; Rate: number };

const REVENUE_CLASSES = new Set(['Income', 'OtherIncome']);
/** Tax codes a sale can carry; import duty, WET, LCT, consolidated ones are for other things. */
const SALES_TAX_TYPES = new Set(['GST', 'InputTaxed']);

export function myobAccountUse(
  account: Pick<MyobAccount, 'Classification' | 'Type'>,
): ProviderAccount['use'] {
  // A customer payment can be deposited to a bank or credit card account only.
  if (account.Type === 'Bank' || account.Type === 'CreditCard') return 'PAYMENTS';
  return REVENUE_CLASSES.has(account.Classification) ? 'REVENUE' : 'OTHER';
}

export function createMyobBooks(api: MyobApi) {
  return {
    async listAccounts(call: BooksCall): Promise<ProviderAccount[]> {
      const { Items } = await api.get<MyobCollection<MyobAccount>>(call, 'GeneralLedger/Account', {
        $filter: 'IsActive eq true',
        $top: String(MYOB_PAGE_SIZE),
      });
      // A header account only sums its children: no transaction can be posted to it.
      return Items.filter((account) => account.IsActive && !account.IsHeader).map((account) => ({
        code: account.DisplayID,
        name: account.Name,
        use: myobAccountUse(account),
      }));
    },

    async listTaxRates(call: BooksCall): Promise<ProviderTaxRate[]> {
      const { Items } = await api.get<MyobCollection<MyobTaxCode>>(call, 'GeneralLedger/TaxCode', {
        $top: String(MYOB_PAGE_SIZE),
      });
      return Items.filter((code) => SALES_TAX_TYPES.has(code.Type)).map((code) => ({
        id: code.UID,
        name: `${code.Code} – ${code.Description}`,
        ratePercent: code.Rate,
      }));
    },
  };
}

/** The UIDs of accounts named by DisplayID, one lookup per distinct code; an unknown code is refused. */
export async function accountUids(api: MyobApi, call: BooksCall, codes: string[]) {
  const uids = new Map<string, string>();
  for (const code of new Set(codes)) {
    const [account] = await api.find<MyobAccount>(
      call,
      'GeneralLedger/Account',
      `DisplayID eq ${odataString(code)}`,
      1,
    );
    if (!account) throw new ProviderRefusedError(`MYOB has no account ${code} in this company file`, 400);
    uids.set(code, account.UID);
  }
  return uids;
}
