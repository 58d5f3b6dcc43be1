import { z } from 'zod';
import { ACCOUNTING_PROVIDER_NAMES, type AccountingProvider } from './accounting.ts';
import { defineEndpoint } from './endpoint.ts';
import { RecordId } from './ids.ts';
import { OrganisationParams } from './organisations.ts';
import { Page, PageQuery } from './pagination.ts';

// Links between Tradeport's records and the merchant's books (issue 13; SPEC §7
// xero|quickbooks|myob/organisation/{id}/customers, products, and Xero's taxes): a customer
// account ↔ a contact, a product ↔ an item, a tax rule ↔ a tax rate. The screens list both sides,
// suggest matches (ABN, email, name for customers; SKU for products), and link, unlink or create
// the missing ones in the books in bulk. The sync links a customer itself when it first sends
// one of its invoices.

export const ACCOUNTING_LINK_KINDS = ['CONTACT', 'ITEM', 'TAX_RULE'] as const;
export const AccountingLinkKind = z.enum(ACCOUNTING_LINK_KINDS);
export type AccountingLinkKind = z.infer<typeof AccountingLinkKind>;

/**
 * Most records made in the books by one request: one batched call to the provider (Xero advises
 * about 50 elements a request).
 */
export const MAX_BOOKS_BATCH = 50;

/**
 * Most pages of contacts or items read from the books for one answer (Xero: 1,000 a page). A
 * bigger book is answered in part, saying so (`is_truncated`): its other records can still be
 * linked by the sync, or created.
 */
export const MAX_BOOKS_PAGES = 10;

/** What a record is linked to in the books. */
export const AccountingLink = z.object({
  /** The provider's id: Xero's ContactID, ItemID, or TaxType for a tax rate. */
  external_id: z.string(),
  /** Its name in the books when linked (for an item: its code, which invoice lines name it by). */
  external_name: z.string(),
  linked_at: z.iso.datetime({ offset: true }),
  /** Who linked it; null when the sync did (a customer's first invoice sent). */
  linked_by: z.string().nullable(),
});
export type AccountingLink = z.infer<typeof AccountingLink>;

/** A record's link after a change: `id` is the customer, product or tax rule. */
export const AccountingLinkState = z.object({ id: z.uuid(), link: AccountingLink.nullable() });
export type AccountingLinkState = z.infer<typeof AccountingLinkState>;

/** An active contact in the books, with what automatic matching compares. */
export const BooksContact = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  /** Xero's TaxNumber: the ABN for an Australian business. */
  tax_number: z.string().nullable(),
});
export type BooksContact = z.infer<typeof BooksContact>;

export const BooksItem = z.object({ id: z.string(), code: z.string(), name: z.string() });
export type BooksItem = z.infer<typeof BooksItem>;

/** Why a contact is suggested: the ABN is the same, else the email, else the name. */
export const CONTACT_MATCH_REASONS = ['ABN', 'EMAIL', 'NAME'] as const;
export const ContactMatchReason = z.enum(CONTACT_MATCH_REASONS);
export type ContactMatchReason = z.infer<typeof ContactMatchReason>;

const LinkCounts = z.object({
  /** Every record listed (across all pages). */
  total: z.number().int(),
  linked: z.number().int(),
  /** Unlinked ones with a suggestion: what LINK_SUGGESTED would link. */
  suggested: z.number().int(),
});

export const CustomerLinkRow = z.object({
  customer: z.object({
    id: z.uuid(),
    name: z.string(),
    abn: z.string().nullable(),
    email: z.string().nullable(),
  }),
  link: AccountingLink.nullable(),
  /**
   * Unlinked customers only: the contact automatic matching pairs it with. One contact is
   * suggested to one customer at most, and never one already linked.
   */
  suggestion: z.object({ contact: BooksContact, reason: ContactMatchReason }).nullable(),
});
export type CustomerLinkRow = z.infer<typeof CustomerLinkRow>;

export const CustomerLinks = Page(CustomerLinkRow).extend({
  /** The books' active contacts linked to no customer, by name: what a customer can be linked to. */
  unlinked_contacts: z.array(BooksContact),
  /** The books hold more than MAX_BOOKS_PAGES pages: `unlinked_contacts` and the suggestions are partial. */
  is_truncated: z.boolean(),
  counts: LinkCounts,
});
export type CustomerLinks = z.infer<typeof CustomerLinks>;

export const ProductLinkRow = z.object({
  product: z.object({
    id: z.uuid(),
    name: z.string(),
    sku: z.string(),
    base_price_cents: z.number().int(),
    is_gst_applicable: z.boolean(),
  }),
  link: AccountingLink.nullable(),
  /** Unlinked products only: the unlinked item whose code is the product's SKU (any case). */
  suggestion: BooksItem.nullable(),
});
export type ProductLinkRow = z.infer<typeof ProductLinkRow>;

export const ProductLinks = Page(ProductLinkRow).extend({
  /** The books' items linked to no product, by code: what a product can be linked to. */
  unlinked_items: z.array(BooksItem),
  is_truncated: z.boolean(),
  counts: LinkCounts,
});
export type ProductLinks = z.infer<typeof ProductLinks>;

/** Each of the merchant's tax rules (at most MAX_TAX_RULES) and the books' tax rates for sales. */
export const TaxRuleLinks = z.object({
  tax_rules: z.array(
    z.object({
      tax_rule: z.object({ id: z.uuid(), name: z.string(), rate_basis_points: z.number().int() }),
      link: AccountingLink.nullable(),
    }),
  ),
  tax_rates: z.array(z.object({ id: z.string(), name: z.string(), rate_percent: z.number() })),
});
export type TaxRuleLinks = z.infer<typeof TaxRuleLinks>;

const ExternalId = z.string().trim().min(1, 'Choose a record of the books').max(100);

/** Link every unlinked record to its suggestion. */
const LinkSuggested = z.object({ action: z.literal('LINK_SUGGESTED') });

/**
 * LINK_SUGGESTED, or CREATE: make these records in the books and link them (those linked already
 * are left as they are).
 */
export const CustomerLinksInput = z.discriminatedUnion('action', [
  LinkSuggested,
  z.object({
    action: z.literal('CREATE'),
    customer_ids: z
      .array(RecordId('customer'))
      .min(1, 'Choose at least one customer')
      .max(MAX_BOOKS_BATCH, `At most ${MAX_BOOKS_BATCH} customers at a time`),
  }),
]);
export type CustomerLinksInput = z.input<typeof CustomerLinksInput>;

export const ProductLinksInput = z.discriminatedUnion('action', [
  LinkSuggested,
  z.object({
    action: z.literal('CREATE'),
    product_ids: z
      .array(RecordId('product'))
      .min(1, 'Choose at least one product')
      .max(MAX_BOOKS_BATCH, `At most ${MAX_BOOKS_BATCH} products at a time`),
  }),
]);
export type ProductLinksInput = z.input<typeof ProductLinksInput>;

export const LinksChanged = z.object({
  /** Links made. */
  linked: z.number().int(),
  /** Of those, records made in the books for them (the rest were already there). */
  created: z.number().int(),
});
export type LinksChanged = z.infer<typeof LinksChanged>;

export const CustomerLinkParams = OrganisationParams.extend({ cid: RecordId('customer') });
export const ProductLinkParams = OrganisationParams.extend({ pid: RecordId('product') });
export const TaxRuleLinkParams = OrganisationParams.extend({ tid: RecordId('tax rule') });

const PROVIDER_ANSWERS =
  '409 CONFLICT while not connected; 503 when the provider does not answer; 400 with its message when it refuses.';

/** The customer and product links of one provider, under `/{provider}/organisation/{id}/`. */
export function accountingLinkEndpoints(provider: AccountingProvider) {
  const name = ACCOUNTING_PROVIDER_NAMES[provider];
  const base = `/${provider}/organisation/{id}`;
  const tags = [provider];
  return {
    listCustomers: defineEndpoint({
      method: 'GET',
      path: `${base}/customers`,
      summary: `A page of the merchant’s customers with their ${name} contacts, suggestions, and the contacts left`,
      description: `Merchant Admins. Active customers (not the house account) by name, each with its link or a suggested contact (same ABN, else email, else name); the books' unlinked contacts are read from ${name} on each request. ${PROVIDER_ANSWERS}`,
      tags,
      auth: 'user',
      params: OrganisationParams,
      query: PageQuery,
      response: CustomerLinks,
    }),
    changeCustomers: defineEndpoint({
      method: 'POST',
      path: `${base}/customers`,
      summary: `Link every suggested contact, or create ${name} contacts for chosen customers`,
      description: `Merchant Admins. CREATE makes the contacts in one call (name, email, ABN) and links them; a customer whose name a free contact already has is linked to it instead (${name} keeps names unique). Sent again, the same request makes nothing twice. Another merchant’s customer id answers 404 and nothing changes; an archived customer or the house account 409. ${PROVIDER_ANSWERS}`,
      tags,
      auth: 'user',
      params: OrganisationParams,
      body: CustomerLinksInput,
      response: LinksChanged,
    }),
    linkCustomer: defineEndpoint({
      method: 'PUT',
      path: `${base}/customers/{cid}`,
      summary: `Link a customer to one of the ${name} contacts`,
      description: `Merchant Admins. \`external_id\` must be an active contact in the books (400 otherwise); one linked to another customer answers 409. ${PROVIDER_ANSWERS}`,
      tags,
      auth: 'user',
      params: CustomerLinkParams,
      body: z.object({ external_id: ExternalId }),
      response: AccountingLinkState,
    }),
    unlinkCustomer: defineEndpoint({
      method: 'DELETE',
      path: `${base}/customers/{cid}`,
      summary: `Unlink a customer from its ${name} contact`,
      description:
        'Merchant Admins. The contact stays in the books. Unlinking an unlinked customer is no change.',
      tags,
      auth: 'user',
      params: CustomerLinkParams,
      response: AccountingLinkState,
    }),
    listProducts: defineEndpoint({
      method: 'GET',
      path: `${base}/products`,
      summary: `A page of the merchant’s products with their ${name} items, suggestions, and the items left`,
      description: `Merchant Admins. Active products by name, each with its link or the item whose code is its SKU. ${PROVIDER_ANSWERS}`,
      tags,
      auth: 'user',
      params: OrganisationParams,
      query: PageQuery,
      response: ProductLinks,
    }),
    changeProducts: defineEndpoint({
      method: 'POST',
      path: `${base}/products`,
      summary: `Link every suggested item, or create ${name} items for chosen products`,
      description: `Merchant Admins. CREATE makes the items in one call (SKU as code, name, price ex GST, the mapping's sales account and GST or GST-free rate) and links them; a product whose SKU is a free item's code is linked to it instead. Sent again, the same request makes nothing twice. Another merchant’s product id answers 404 and nothing changes; an archived product 409. ${PROVIDER_ANSWERS}`,
      tags,
      auth: 'user',
      params: OrganisationParams,
      body: ProductLinksInput,
      response: LinksChanged,
    }),
    linkProduct: defineEndpoint({
      method: 'PUT',
      path: `${base}/products/{pid}`,
      summary: `Link a product to one of the ${name} items`,
      description: `Merchant Admins. \`external_id\` must be an item in the books (400 otherwise); one linked to another product answers 409. ${PROVIDER_ANSWERS}`,
      tags,
      auth: 'user',
      params: ProductLinkParams,
      body: z.object({ external_id: ExternalId }),
      response: AccountingLinkState,
    }),
    unlinkProduct: defineEndpoint({
      method: 'DELETE',
      path: `${base}/products/{pid}`,
      summary: `Unlink a product from its ${name} item`,
      description:
        'Merchant Admins. The item stays in the books. Unlinking an unlinked product is no change.',
      tags,
      auth: 'user',
      params: ProductLinkParams,
      response: AccountingLinkState,
    }),
  };
}

/** Which tax rate of the books each tax rule's lines are sent with (Xero only, as SPEC §7 has it). */
export function accountingTaxLinkEndpoints(provider: 'xero') {
  const name = ACCOUNTING_PROVIDER_NAMES[provider];
  const base = `/${provider}/organisation/{id}/taxes`;
  const tags = [provider];
  return {
    listTaxes: defineEndpoint({
      method: 'GET',
      path: base,
      summary: `The merchant’s tax rules with their ${name} tax rates, and the books' rates for sales`,
      description: `Merchant Admins. ${PROVIDER_ANSWERS}`,
      tags,
      auth: 'user',
      params: OrganisationParams,
      response: TaxRuleLinks,
    }),
    linkTax: defineEndpoint({
      method: 'PUT',
      path: `${base}/{tid}`,
      summary: `Send a tax rule's lines with one of the ${name} tax rates`,
      description: `Merchant Admins. \`tax_id\` must be one of the books' tax rates for sales (400 otherwise); several rules may share one. ${PROVIDER_ANSWERS}`,
      tags,
      auth: 'user',
      params: TaxRuleLinkParams,
      body: z.object({ tax_id: ExternalId }),
      response: AccountingLinkState,
    }),
    unlinkTax: defineEndpoint({
      method: 'DELETE',
      path: `${base}/{tid}`,
      summary: `Unlink a tax rule from its ${name} tax rate`,
      description: 'Merchant Admins. Unlinking an unlinked rule is no change.',
      tags,
      auth: 'user',
      params: TaxRuleLinkParams,
      response: AccountingLinkState,
    }),
  };
}

/** Each served provider's link endpoints, made once (the server registers these very objects). */
export const ACCOUNTING_LINK_ENDPOINTS = {
  xero: accountingLinkEndpoints('xero'),
  quickbooks: accountingLinkEndpoints('quickbooks'),
  myob: accountingLinkEndpoints('myob'),
} as const;
export const ACCOUNTING_TAX_LINK_ENDPOINTS = { xero: accountingTaxLinkEndpoints('xero') } as const;

export const {
  listCustomers: listXeroCustomerLinks,
  changeCustomers: changeXeroCustomerLinks,
  linkCustomer: linkXeroCustomer,
  unlinkCustomer: unlinkXeroCustomer,
  listProducts: listXeroProductLinks,
  changeProducts: changeXeroProductLinks,
  linkProduct: linkXeroProduct,
  unlinkProduct: unlinkXeroProduct,
} = ACCOUNTING_LINK_ENDPOINTS.xero;

export const {
  listTaxes: listXeroTaxLinks,
  linkTax: linkXeroTaxRule,
  unlinkTax: unlinkXeroTaxRule,
} = ACCOUNTING_TAX_LINK_ENDPOINTS.xero;
