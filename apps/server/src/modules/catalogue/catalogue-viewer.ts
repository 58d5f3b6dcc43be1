/**
 * The customer account whose catalogue a request shows. Who may view as it is the endpoint's
 * access rule (access.customerAccount), resolved before the handler.
 */
export type CatalogueViewer = { merchantId: string; customerAccountId: string };
