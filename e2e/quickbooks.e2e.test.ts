import { formatInvoiceNumber } from '@tradeport/contract';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_QUICKBOOKS_COMPANY,
  startQuickBooksStandIn,
} from '../apps/server/src/integrations/accounting/quickbooks/testing/quickbooks-stand-in.ts';
import {
  type Books,
  CAFE,
  connectBooks,
  createInBooks,
  eventually,
  expectNoTokenLogged,
  JOURNEY_MS,
  mapBooks,
  orderableProduct,
  orderTaxes,
  outageThenRetry,
  payByCard,
  placeOrder,
  seeInvoiceSynced,
  signInParties,
  useAccountingJourney,
} from './accounting-journey.ts';
import { signIn } from './catalogue-helpers.ts';
import { wcagViolations } from './wcag.ts';

// Issue 13 through a browser, against the QuickBooks Online stand-in (Intuit's consent page and
// the Accounting API) and the Stripe stand-in: the merchant's Admin connects QuickBooks on
// /quickbooks/settings, maps accounts and GST (the mapping's tax codes; QuickBooks has no tax
// rule links), makes the café a customer and a product an item; the café orders and pays by
// card. In QuickBooks every line names an item, whose income account is where it lands: the
// product's item in Sales, delivery on its own line through the service item for Other Income;
// the payment is deposited to Card Clearing, and the surcharge is its own invoice, paid too. Then
// QuickBooks is down for a moment: the Sync panel shows it and "Retry" sends the invoice.
//
// The stand-in's books (stand-in-company.ts): accounts by Id, 1 Sales (4-1000), 2 Other Income
// (4-2000), 4 Card Clearing (1-1180); tax codes 10 GST (10%) and 4 FRE (GST free).
//
// Unlike Xero's, the stand-in does not list the tokens it issued, so this file cannot check that
// none reached the server's log.

const QUICKBOOKS: Books = { provider: 'quickbooks', name: 'QuickBooks Online' };
const SALES = '1';
const OTHER_INCOME = '2';
const CARD_CLEARING = '4';
const GST = '10';
const GST_FREE = '4';

type Ref = { value: string };
type Invoice = {
  Id: string;
  DocNumber: string;
  CustomerRef: Ref;
  GlobalTaxCalculation: string;
  TotalAmt: number;
  Balance: number;
  TxnTaxDetail: { TotalTax: number };
  Line: {
    DetailType: string;
    Amount: number;
    SalesItemLineDetail?: {
      ItemRef: Ref;
      Qty: number;
      UnitPrice: number;
      TaxCodeRef: Ref;
      TaxInclusiveAmt?: number;
    };
  }[];
};
type Item = { Id: string; Name: string; Sku?: string; IncomeAccountRef: Ref };
type Payment = {
  CustomerRef: Ref;
  TotalAmt: number;
  DepositToAccountRef: Ref;
  Line: { Amount: number; LinkedTxn: { TxnId: string; TxnType: string }[] }[];
};

const accounting = useAccountingJourney({ start: () => startQuickBooksStandIn() });
const { journey } = accounting;

const all = <T>(records: Map<string, unknown>) => [...records.values()] as T[];
const invoices = () => all<Invoice>(accounting.books.invoices());
const invoiceNumbered = (number: string) => invoices().find((invoice) => invoice.DocNumber === number);

/** An invoice's sales lines as [item's SKU, item's income account, tax code, unit price, quantity]. */
function salesLinesOf(invoice: Invoice) {
  const items = accounting.books.items();
  return invoice.Line.flatMap((line) => {
    const detail = line.SalesItemLineDetail;
    if (!detail) return [];
    const item = items.get(detail.ItemRef.value) as Item | undefined;
    return [
      [
        item?.Sku ?? null,
        item?.IncomeAccountRef.value,
        detail.TaxCodeRef.value,
        detail.UnitPrice,
        detail.Qty,
      ],
    ];
  });
}

describe('QuickBooks Online', () => {
  it(
    'connects, maps and links, then an order and its card payment arrive in QuickBooks with freight and surcharge on their own lines',
    async () => {
      const quickBooks = accounting.books;
      const parties = await signInParties(journey.server.url);
      const page = await journey.openPage();
      await signIn(page, 'merchant@demo.test');

      // Connect on Intuit's consent page (the stand-in's), and come back connected to the company.
      await connectBooks(page, QUICKBOOKS, {
        button: 'Connect',
        tenant: DEFAULT_QUICKBOOKS_COMPANY.companyName,
      });

      // Map the accounts (by name and account number) and GST from the company's books.
      await mapBooks(page, QUICKBOOKS, [
        ['Sales account', '4-1000', '4-1000 Sales'],
        ['Freight account', '4-2000', '4-2000 Other Income'],
        ['Card surcharge account', '4-2000', '4-2000 Other Income'],
        ['Stripe Credit/Debit Card', 'Card', '1-1180 Card Clearing'],
        ['GST tax rate', 'GST', 'GST (10%)'],
        ['GST-free tax rate', 'FRE', 'FRE (GST free) (0%)'],
      ]);

      // The café becomes a QuickBooks customer, made from its details.
      await createInBooks(page, QUICKBOOKS, 'Customers', CAFE);
      const customer = all<{ Id: string; DisplayName: string }>(quickBooks.customers()).find(
        (candidate) => candidate.DisplayName === CAFE,
      );
      expect(customer).toBeDefined();

      // A product the café can order becomes an item (its SKU as the item's), selling into Sales.
      const product = await orderableProduct(parties, QUICKBOOKS);
      await createInBooks(page, QUICKBOOKS, 'Products', product.name);
      expect(all<Item>(quickBooks.items()).find((item) => item.Sku === product.sku)).toMatchObject({
        IncomeAccountRef: { value: SALES },
      });
      expect(await wcagViolations(page)).toEqual([]);

      // The café orders it for delivery: the invoice arrives, delivery on its own line.
      const order = await placeOrder(parties, product);
      const number = formatInvoiceNumber(order.invoice_number);
      const invoice = await eventually(() => invoiceNumbered(number), number);
      expect(invoice).toMatchObject({
        CustomerRef: { value: customer!.Id },
        GlobalTaxCalculation: 'TaxExcluded',
        TotalAmt: order.total_cents / 100,
        TxnTaxDetail: { TotalTax: order.gst_cents / 100 },
      });
      const { isProductTaxed, isDeliveryTaxed } = orderTaxes(order);
      const taxCode = (isTaxed: boolean) => (isTaxed ? GST : GST_FREE);
      expect(salesLinesOf(invoice)).toEqual([
        [product.sku, SALES, taxCode(isProductTaxed), product.price / 100, order.lines[0]!.quantity],
        [null, OTHER_INCOME, taxCode(isDeliveryTaxed), order.delivery_fee_cents / 100, 1],
      ]);

      // The café pays it by card, with the overseas card's surcharge on top.
      const surcharge = await payByCard(accounting, parties, order);

      // In QuickBooks: the invoice paid into Card Clearing, and the surcharge as its own invoice
      // (GST included, into Other Income), paid into Card Clearing too.
      const payments = () => all<Payment>(quickBooks.payments());
      await eventually(() => (payments().length === 2 ? true : undefined), 'the payment and its surcharge');
      expect(invoiceNumbered(number)).toMatchObject({ Balance: 0 });
      const surchargeInvoice = invoices().find((candidate) => candidate.DocNumber.startsWith('SUR-'));
      expect(surchargeInvoice).toMatchObject({
        CustomerRef: { value: customer!.Id },
        GlobalTaxCalculation: 'TaxInclusive',
        TotalAmt: surcharge / 100,
        Balance: 0,
      });
      expect(salesLinesOf(surchargeInvoice!)).toEqual([[null, OTHER_INCOME, GST, expect.any(Number), 1]]);
      expect(surchargeInvoice!.Line[0]!.SalesItemLineDetail!.TaxInclusiveAmt).toBe(surcharge / 100);
      expect(
        payments()
          .map((payment) => [
            payment.DepositToAccountRef.value,
            payment.TotalAmt,
            payment.Line[0]!.LinkedTxn[0]!.TxnId,
          ])
          .sort(),
      ).toEqual(
        [
          [CARD_CLEARING, order.total_cents / 100, invoice.Id],
          [CARD_CLEARING, surcharge / 100, surchargeInvoice!.Id],
        ].sort(),
      );

      // The order's screen says its invoice is in QuickBooks.
      await seeInvoiceSynced(page, QUICKBOOKS, order);
      expectNoTokenLogged(accounting, QUICKBOOKS);
    },
    JOURNEY_MS,
  );

  it(
    'shows a QuickBooks outage in the Sync panel, and Retry sends the invoice once QuickBooks answers',
    () =>
      outageThenRetry(accounting, QUICKBOOKS, {
        message: 'QuickBooks failed (503)',
        invoiceNumbered,
      }),
    JOURNEY_MS,
  );
});
