import { formatInvoiceNumber } from '@tradeport/contract';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_XERO_TENANT,
  startXeroStandIn,
} from '../apps/server/src/integrations/accounting/xero/testing/xero-stand-in.ts';
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
import { choose, seeText, signIn } from './catalogue-helpers.ts';
import { wcagViolations } from './wcag.ts';

// Issue 13 through a browser, against the Xero stand-in (its consent page and Accounting API) and
// the Stripe stand-in (a card payment with its surcharge): the merchant's Admin connects Xero on
// /xero/settings, maps accounts and GST, links a tax rule, a customer and a product; the café
// orders and pays by card; the invoice (delivery on its own line in the freight account) and the
// payment (its surcharge as its own invoice) arrive in Xero. Then Xero is down for a moment: the
// Sync panel shows the failure in Xero's words and "Retry" sends it.

const XERO: Books = { provider: 'xero', name: 'Xero' };

const accounting = useAccountingJourney({ start: () => startXeroStandIn() });
const { journey } = accounting;

const invoiceNumbered = (number: string) =>
  [...accounting.books.invoices(DEFAULT_XERO_TENANT.tenantId).values()].find(
    (invoice) => invoice.InvoiceNumber === number,
  );

describe('Xero', () => {
  it(
    'connects, maps and links, then an order and its card payment arrive in Xero with freight and surcharge on their own lines',
    async () => {
      const xero = accounting.books;
      const parties = await signInParties(journey.server.url);
      const page = await journey.openPage();
      await signIn(page, 'merchant@demo.test');

      // Connect on Xero's consent page (the stand-in's), and come back connected.
      await connectBooks(page, XERO, { button: 'Allow access', tenant: DEFAULT_XERO_TENANT.tenantName });

      // Map the accounts and GST from the books as Xero has them.
      await mapBooks(page, XERO, [
        ['Sales account', '200', '200 – Sales'],
        ['Freight account', '260', '260 – Other Revenue'],
        ['Card surcharge account', '260', '260 – Other Revenue'],
        ['Stripe Credit/Debit Card', '091', '091 – Card clearing'],
        ['GST tax rate', 'GST', 'GST on Income (10%)'],
        ['GST-free tax rate', 'Free', 'GST Free Income (0%)'],
      ]);

      // The demo's tax rule, to the GST-free rate.
      const taxes = page.getByRole('region', { name: 'Taxes' });
      await choose(
        page,
        taxes.getByLabel('Xero tax rate for GST-free fresh produce'),
        'Free',
        'GST Free Income (0%)',
      );
      await seeText(page, 'GST-free fresh produce is sent with GST Free Income (0%)');

      // The café becomes a Xero contact, made from its details.
      await createInBooks(page, XERO, 'Customers', CAFE);
      const contact = [...xero.contacts(DEFAULT_XERO_TENANT.tenantId).values()].find((c) => c.Name === CAFE);
      expect(contact).toBeDefined();

      // A product the café can order becomes an item (its SKU as the code).
      const product = await orderableProduct(parties, XERO);
      await createInBooks(page, XERO, 'Products', product.name);
      expect(await wcagViolations(page)).toEqual([]);

      // The café orders it for delivery: the invoice arrives, delivery on its own line.
      const order = await placeOrder(parties, product);
      const number = formatInvoiceNumber(order.invoice_number);
      const invoice = await eventually(() => invoiceNumbered(number), number);
      expect(invoice).toMatchObject({
        Status: 'AUTHORISED',
        Contact: { ContactID: contact!.ContactID },
        Total: order.total_cents / 100,
        TotalTax: order.gst_cents / 100,
      });
      const { isProductTaxed, isDeliveryTaxed } = orderTaxes(order);
      const taxType = (isTaxed: boolean) => (isTaxed ? 'OUTPUT' : 'EXEMPTOUTPUT');
      expect(
        invoice.LineItems.map((l) => [l.ItemCode ?? null, l.AccountCode, l.TaxType, l.UnitAmount]),
      ).toEqual([
        [product.sku, '200', taxType(isProductTaxed), product.price / 100],
        [null, '260', taxType(isDeliveryTaxed), order.delivery_fee_cents / 100],
      ]);

      // The café pays it by card, with the overseas card's surcharge on top.
      const surcharge = await payByCard(accounting, parties, order);

      // In Xero: the invoice paid into card clearing, and the surcharge as its own invoice, paid too.
      const payments = () => [...xero.payments(DEFAULT_XERO_TENANT.tenantId).values()];
      await eventually(() => (payments().length === 2 ? true : undefined), 'the payment and its surcharge');
      expect(invoiceNumbered(number)).toMatchObject({ Status: 'PAID', AmountPaid: order.total_cents / 100 });
      const surchargeInvoice = [...xero.invoices(DEFAULT_XERO_TENANT.tenantId).values()].find((i) =>
        i.InvoiceNumber.startsWith('SUR-'),
      );
      expect(surchargeInvoice).toMatchObject({
        Status: 'PAID',
        Total: surcharge / 100,
        LineAmountTypes: 'Inclusive',
        LineItems: [expect.objectContaining({ AccountCode: '260', TaxType: 'OUTPUT' })],
      });
      expect(
        payments()
          .map((p) => [p.Account.Code, p.Amount])
          .sort(),
      ).toEqual(
        [
          ['091', order.total_cents / 100],
          ['091', surcharge / 100],
        ].sort(),
      );

      // The order's screen says its invoice is in Xero.
      await seeInvoiceSynced(page, XERO, order);
      expectNoTokenLogged(accounting, XERO);
    },
    JOURNEY_MS,
  );

  it(
    'shows a Xero outage in the Sync panel, and Retry sends the invoice once Xero answers',
    () => outageThenRetry(accounting, XERO, { message: 'Xero failed (503)', invoiceNumbered }),
    JOURNEY_MS,
  );
});
