import { formatInvoiceNumber } from '@tradeport/contract';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MYOB_FILE,
  startMyobStandIn,
} from '../apps/server/src/integrations/accounting/myob/testing/myob-stand-in.ts';
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

// Issue 13 through a browser, against the MYOB Business stand-in (secure.myob.com's consent page
// and the AccountRight API) and the Stripe stand-in: the merchant's Admin connects MYOB on
// /myob/settings, maps accounts and GST (the mapping's tax codes; MYOB has no tax rule links),
// makes the café a customer and a product an item; the café orders and pays by card. In MYOB the
// invoice is a Service sale whose lines each name their account: the product in Sales income,
// delivery on its own line in Other income; the payment is deposited to Card clearing, and the
// surcharge is its own sale, paid too. Then MYOB is down for a moment: the Sync panel shows it in
// MYOB's words and "Retry" sends the invoice.
//
// The stand-in's books (stand-in-store.ts): accounts 4-1000 Sales income, 4-2000 Other income,
// 1-1120 Card clearing; tax codes GST (10%) and FRE (GST Free).
//
// Unlike Xero's, the stand-in does not list the tokens it issued, so this file cannot check that
// none reached the server's log.

const MYOB: Books = { provider: 'myob', name: 'MYOB Business' };

const accounting = useAccountingJourney({ start: () => startMyobStandIn() });
const { journey } = accounting;

const records = () => accounting.books.records();
const invoiceNumbered = (number: string) =>
  [...records().invoices.values()].find((invoice) => invoice.Number === number);

describe('MYOB Business', () => {
  it(
    'connects, maps and links, then an order and its card payment arrive in MYOB with freight and surcharge on their own lines',
    async () => {
      const parties = await signInParties(journey.server.url);
      const page = await journey.openPage();
      await signIn(page, 'merchant@demo.test');

      // Connect on MYOB's consent page (the stand-in's), and come back connected to the company file.
      await connectBooks(page, MYOB, { button: 'Allow', tenant: DEFAULT_MYOB_FILE.name });

      // Map the accounts and GST from the company file.
      await mapBooks(page, MYOB, [
        ['Sales account', '4-1000', '4-1000 – Sales income'],
        ['Freight account', '4-2000', '4-2000 – Other income'],
        ['Card surcharge account', '4-2000', '4-2000 – Other income'],
        ['Stripe Credit/Debit Card', '1-1120', '1-1120 – Card clearing'],
        ['GST tax rate', 'GST', 'GST – Goods & Services Tax (10%)'],
        ['GST-free tax rate', 'FRE', 'FRE – GST Free (0%)'],
      ]);

      // The café becomes a MYOB customer, made from its details.
      await createInBooks(page, MYOB, 'Customers', CAFE);
      const customer = [...records().customers.values()].find((candidate) => candidate.CompanyName === CAFE);
      expect(customer).toBeDefined();

      // A product the café can order becomes an item (its SKU as the item's number).
      const product = await orderableProduct(parties, MYOB);
      await createInBooks(page, MYOB, 'Products', product.name);
      expect([...records().items.values()].some((item) => item.Number === product.sku)).toBe(true);
      expect(await wcagViolations(page)).toEqual([]);

      // The café orders it for delivery: the invoice arrives, delivery on its own line.
      const order = await placeOrder(parties, product);
      const number = formatInvoiceNumber(order.invoice_number);
      const invoice = await eventually(() => invoiceNumbered(number), number);
      expect(invoice).toMatchObject({
        Customer: { UID: customer!.UID },
        IsTaxInclusive: false,
        TotalAmount: order.total_cents / 100,
        TotalTax: order.gst_cents / 100,
      });
      const { isProductTaxed, isDeliveryTaxed } = orderTaxes(order);
      const taxCode = (isTaxed: boolean) => (isTaxed ? 'GST' : 'FRE');
      const [line] = order.lines;
      expect(invoice.Lines.map((l) => [l.Description, l.Account.DisplayID, l.TaxCode.Code, l.Total])).toEqual(
        [
          [
            expect.stringContaining(`(${product.sku})`),
            '4-1000',
            taxCode(isProductTaxed),
            line!.subtotal_cents / 100,
          ],
          [
            expect.stringMatching(/^Delivery/),
            '4-2000',
            taxCode(isDeliveryTaxed),
            order.delivery_fee_cents / 100,
          ],
        ],
      );

      // The café pays it by card, with the overseas card's surcharge on top.
      const surcharge = await payByCard(accounting, parties, order);

      // In MYOB: the invoice paid into Card clearing, and the surcharge as its own sale (GST
      // included, into Other income), paid into Card clearing too.
      const payments = () => [...records().payments.values()];
      await eventually(() => (payments().length === 2 ? true : undefined), 'the payment and its surcharge');
      expect(invoiceNumbered(number)).toMatchObject({ Status: 'Closed', BalanceDueAmount: 0 });
      const surchargeSale = [...records().invoices.values()].find((sale) => sale.Number.startsWith('SUR-'));
      expect(surchargeSale).toMatchObject({
        Customer: { UID: customer!.UID },
        IsTaxInclusive: true,
        TotalAmount: surcharge / 100,
        Status: 'Closed',
      });
      expect(surchargeSale!.Lines.map((l) => [l.Account.DisplayID, l.TaxCode.Code, l.Total])).toEqual([
        ['4-2000', 'GST', surcharge / 100],
      ]);
      expect(
        payments()
          .map((payment) => [payment.Account.DisplayID, payment.AmountReceived, payment.Invoices[0]!.UID])
          .sort(),
      ).toEqual(
        [
          ['1-1120', order.total_cents / 100, invoice.UID],
          ['1-1120', surcharge / 100, surchargeSale!.UID],
        ].sort(),
      );

      // The order's screen says its invoice is in MYOB.
      await seeInvoiceSynced(page, MYOB, order);
      expectNoTokenLogged(accounting, MYOB);
    },
    JOURNEY_MS,
  );

  it(
    'shows a MYOB outage in the Sync panel, and Retry sends the invoice once MYOB answers',
    () =>
      outageThenRetry(accounting, MYOB, {
        message: 'MYOB failed (503): The service is unavailable (scripted)',
        invoiceNumbered,
      }),
    JOURNEY_MS,
  );
});
