export * from './account.ts';
export * from './accounting.ts';
export * from './accounting-links.ts';
export * from './accounting-sync.ts';
export * from './auth.ts';
export * from './bank-account.ts';
export * from './billing.ts';
export * from './card-payments.ts';
export * from './card-surcharge.ts';
export * from './cart.ts';
export * from './credits.ts';
export * from './catalogue.ts';
export * from './catalogue-rules.ts';
export * from './catalogue-taxonomy.ts';
export * from './constants.ts';
export * from './csv.ts';
export * from './customer-view.ts';
export * from './customers.ts';
export * from './date-presets.ts';
export * from './endpoint.ts';
export * from './enums.ts';
export * from './errors.ts';
export * from './ids.ts';
export * from './money.ts';
export * from './onboarding.ts';
export * from './organisation-selection.ts';
export * from './order-documents.ts';
export * from './order-status.ts';
export * from './order-totals.ts';
export * from './ordering.ts';
export * from './orders.ts';
export * from './organisations.ts';
export * from './pagination.ts';
export * from './payment-links.ts';
export * from './payment-rules.ts';
export * from './payments.ts';
export * from './pricing.ts';
export * from './product-groups.ts';
export * from './product-csv.ts';
export * from './product-search.ts';
export * from './products.ts';
export * from './home.ts';
export * from './receivables.ts';
export * from './receivables-rules.ts';
export * from './reports.ts';
export * from './shipping.ts';
export * from './shipping-rules.ts';
export * from './stripe.ts';
export * from './system.ts';
export * from './taxes.ts';
export * from './text.ts';
export * from './time-zones.ts';
export * from './uploads.ts';
export * from './users.ts';
export * from './visibility.ts';

import * as account from './account.ts';
import * as accounting from './accounting.ts';
import * as accountingLinks from './accounting-links.ts';
import * as accountingSync from './accounting-sync.ts';
import * as auth from './auth.ts';
import * as billing from './billing.ts';
import * as cardPayments from './card-payments.ts';
import * as cart from './cart.ts';
import * as credits from './credits.ts';
import * as catalogue from './catalogue.ts';
import * as catalogueTaxonomy from './catalogue-taxonomy.ts';
import * as customerView from './customer-view.ts';
import * as customers from './customers.ts';
import type { Endpoint } from './endpoint.ts';
import * as onboarding from './onboarding.ts';
import * as orderDocuments from './order-documents.ts';
import * as ordering from './ordering.ts';
import * as orders from './orders.ts';
import * as organisations from './organisations.ts';
import * as paymentLinks from './payment-links.ts';
import * as payments from './payments.ts';
import * as products from './products.ts';
import * as pricing from './pricing.ts';
import * as home from './home.ts';
import * as receivables from './receivables.ts';
import * as reports from './reports.ts';
import * as shipping from './shipping.ts';
import * as stripe from './stripe.ts';
import * as system from './system.ts';
import * as taxes from './taxes.ts';
import * as uploads from './uploads.ts';
import * as users from './users.ts';
import * as visibility from './visibility.ts';

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'response' in value;

/**
 * Each accounting provider's endpoint sets (the same endpoints under `/xero`, `/quickbooks`,
 * `/myob`): only Xero's are also named exports, so they are listed from the sets.
 */
const accountingProviderEndpoints = () =>
  [
    accounting.ACCOUNTING_ENDPOINTS,
    accountingLinks.ACCOUNTING_LINK_ENDPOINTS,
    accountingLinks.ACCOUNTING_TAX_LINK_ENDPOINTS,
    accountingSync.ACCOUNTING_SYNC_ENDPOINTS,
  ].flatMap((byProvider) =>
    Object.values(byProvider).flatMap((set) => Object.values(set).filter(isEndpoint)),
  );

/** Every endpoint, once, so the server can check each is registered and OpenAPI lists them all. */
// Marked pure so bundles that never read it (the web app) drop it and what it references.
export const endpoints: Endpoint[] = /* @__PURE__ */ [
  ...new Set([
    ...[
      account,
      accounting,
      accountingLinks,
      accountingSync,
      auth,
      billing,
      cardPayments,
      cart,
      catalogue,
      catalogueTaxonomy,
      credits,
      customerView,
      customers,
      home,
      onboarding,
      orderDocuments,
      ordering,
      orders,
      organisations,
      paymentLinks,
      payments,
      products,
      pricing,
      receivables,
      reports,
      shipping,
      stripe,
      system,
      taxes,
      uploads,
      users,
      visibility,
    ].flatMap((module) => Object.values(module).filter(isEndpoint)),
    ...accountingProviderEndpoints(),
  ]),
];
