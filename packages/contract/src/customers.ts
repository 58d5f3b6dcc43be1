import { z } from 'zod';
import { Email } from './auth.ts';
import { defineEndpoint } from './endpoint.ts';
import { RecordId } from './ids.ts';
import {
  Abn,
  MerchantParams,
  NewOrganisationDetailsInput,
  OrganisationDetails,
  OrganisationDetailsInput,
  OrganisationParams,
} from './organisations.ts';
import { Page, PageQuery } from './pagination.ts';

export const CustomerParams = OrganisationParams.extend({
  cid: RecordId('customer'),
});

/** The payment settings' limits in words, shared by the server's refusals and the screens. */
export const TERMS_DAYS_MESSAGE = 'Payment terms must be a whole number of days from 0 to 365';
export const MAX_CREDIT_LIMIT_CENTS = 100_000_000_00;
export const CREDIT_LIMIT_MESSAGE = 'The credit limit must be from $0.00 to $100,000,000.00, in whole cents';

// Out-of-range values are refused with these words, never clamped or rounded (issue 9, defect 7).
export const CustomerPaymentSettings = z.object({
  is_payments_enabled: z.boolean(),
  /** Days after invoice until payment is due. */
  payment_terms_days: z
    .number(TERMS_DAYS_MESSAGE)
    .int(TERMS_DAYS_MESSAGE)
    .min(0, TERMS_DAYS_MESSAGE)
    .max(365, TERMS_DAYS_MESSAGE),
  /** Integer cents; null for no limit. */
  credit_limit_cents: z
    .number(CREDIT_LIMIT_MESSAGE)
    .int(CREDIT_LIMIT_MESSAGE)
    .min(0, CREDIT_LIMIT_MESSAGE)
    .max(MAX_CREDIT_LIMIT_CENTS, CREDIT_LIMIT_MESSAGE)
    .nullable(),
  /** Charged no GST on anything (an exporter, a charity with an exemption): resolveGstRate. */
  is_tax_exempt: z.boolean(),
  /**
   * The daily overdue reminder mails the customer's people its overdue invoices (each at most
   * once a week) while its payments are tracked.
   */
  is_overdue_reminders_enabled: z.boolean(),
});
export type CustomerPaymentSettings = z.infer<typeof CustomerPaymentSettings>;

/**
 * The settings as a change sends them. Left out, `is_tax_exempt` and `is_overdue_reminders_enabled`
 * stay as they are (false and true for a new customer): a client from before they existed must
 * not change them by saving terms.
 */
export const CustomerPaymentSettingsInput = CustomerPaymentSettings.extend({
  is_tax_exempt: z.boolean().optional(),
  is_overdue_reminders_enabled: z.boolean().optional(),
});
export type CustomerPaymentSettingsInput = z.infer<typeof CustomerPaymentSettingsInput>;

/** A pricing tier or visibility group, named, as a customer shows it. */
export const CustomerListRef = z.object({ id: z.uuid(), name: z.string() });
export type CustomerListRef = z.infer<typeof CustomerListRef>;

/** A merchant's customer: the customer organisation plus its account with the merchant. */
export const Customer = OrganisationDetails.extend({
  id: z.uuid(),
  organisation_id: z.uuid(),
  is_house_account: z.boolean(),
  archived: z.boolean(),
  payment_settings: CustomerPaymentSettings,
  user_count: z.number().int(),
  /** The tier whose prices the customer pays; null for base prices. */
  pricing_tier: CustomerListRef.nullable(),
  /** The visibility groups the customer is in, by name (a handful at most). */
  visibility_groups: z.array(CustomerListRef),
  created_at: z.iso.datetime(),
  version: z.number().int(),
});
export type Customer = z.infer<typeof Customer>;

export const CustomerInput = OrganisationDetailsInput;

export const listCustomers = defineEndpoint({
  method: 'GET',
  path: '/organisations/{id}/customers',
  summary:
    'A page of the merchant’s customers, by name, with search (2+ characters), archived, pricing tier and ABN filters',
  description:
    '`pricing_tier_id` keeps the customers in that tier (`none`: those on base prices). `abn` keeps those with exactly that ABN; the screens use it to warn of a second customer with the same ABN before saving.',
  tags: ['customers'],
  auth: 'user',
  params: OrganisationParams,
  query: PageQuery.extend({
    search: z.string().trim().min(2, 'Type at least 2 characters to search').max(100).optional(),
    status: z.enum(['active', 'archived', 'all']).default('active'),
    pricing_tier_id: z.union([z.literal('none'), RecordId('pricing tier')]).optional(),
    abn: Abn.optional(),
  }),
  response: Page(Customer),
});

export const createCustomer = defineEndpoint({
  method: 'POST',
  path: '/organisations/{id}/customers',
  summary: 'Add a customer; with `invite_email` its first person is invited as its Admin',
  tags: ['customers'],
  auth: 'user',
  params: OrganisationParams,
  body: NewOrganisationDetailsInput.extend({
    invite_email: Email.nullable().optional(),
    payment_settings: CustomerPaymentSettingsInput.optional(),
  }),
  response: Customer,
  status: 201,
});

export const getCustomer = defineEndpoint({
  method: 'GET',
  path: '/organisations/{id}/customers/{cid}',
  summary: 'One customer of the merchant',
  tags: ['customers'],
  auth: 'user',
  params: CustomerParams,
  response: Customer,
});

export const updateCustomer = defineEndpoint({
  method: 'PUT',
  path: '/organisations/{id}/customers/{cid}',
  summary: 'Change a customer’s details or archive/restore it; a stale version answers 409 CONFLICT',
  description: 'The house account cannot be archived.',
  tags: ['customers'],
  auth: 'user',
  params: CustomerParams,
  body: CustomerInput.extend({ archived: z.boolean(), version: z.number().int().min(1) }),
  response: Customer,
});

export const getHouseAccount = defineEndpoint({
  method: 'GET',
  path: '/organisations/{id}/customers/house-accounts',
  summary: 'The merchant’s house customer (every merchant has exactly one)',
  tags: ['customers'],
  auth: 'user',
  params: OrganisationParams,
  response: Customer,
});

export const getCustomerSettings = defineEndpoint({
  method: 'GET',
  path: '/organisations/{id}/customer/{cid}/settings',
  summary: 'A customer’s payment settings and GST exemption with the merchant',
  tags: ['customers'],
  auth: 'user',
  params: CustomerParams,
  response: CustomerPaymentSettings,
});

export const updateCustomerSettings = defineEndpoint({
  method: 'PUT',
  path: '/organisations/{id}/customer/{cid}/settings',
  summary: 'Change a customer’s payment settings and GST exemption (Admins)',
  tags: ['customers'],
  auth: 'user',
  params: CustomerParams,
  body: CustomerPaymentSettingsInput,
  response: CustomerPaymentSettings,
});

export const CustomerUser = z.object({
  user_id: z.uuid().nullable(),
  invitation_id: z.uuid().nullable(),
  name: z.string().nullable(),
  email: z.string(),
  user_level: z.enum(['Admin', 'User']),
  status: z.enum(['ACTIVE', 'INACTIVE', 'INVITED']),
});

export const listCustomerUsers = defineEndpoint({
  method: 'GET',
  path: '/organisations/{id}/customers/{cid}/users',
  summary: 'The customer’s people and open invitations',
  tags: ['customers'],
  auth: 'user',
  params: CustomerParams,
  response: z.array(CustomerUser),
});

export const inviteCustomerUser = defineEndpoint({
  method: 'POST',
  path: '/organisations/{id}/customers/{cid}/users',
  summary: 'Invite a person to the customer organisation, on the merchant’s behalf',
  tags: ['customers'],
  auth: 'user',
  params: CustomerParams,
  body: z.object({ email: Email, user_level: z.enum(['Admin', 'User']) }),
  response: CustomerUser,
  status: 201,
});

// The customer side: which merchants a customer organisation orders from.

export const MerchantOfCustomer = z.object({
  id: z.uuid(),
  title: z.string(),
  image: z.string().nullable(),
  slug: z.string(),
});

export const listMyMerchants = defineEndpoint({
  method: 'GET',
  path: '/organisations/merchant',
  summary: 'Merchants the current customer organisation (X-Organisation-Id) orders from',
  tags: ['customers'],
  auth: 'user',
  response: z.array(MerchantOfCustomer),
});

export const getMyAccountWithMerchant = defineEndpoint({
  method: 'GET',
  path: '/organisations/merchant/{id}/customer',
  summary: 'The current customer organisation’s account with merchant {id}',
  tags: ['customers'],
  auth: 'user',
  params: MerchantParams,
  response: z.object({
    merchant: MerchantOfCustomer,
    customer_id: z.uuid(),
    payment_settings: CustomerPaymentSettings,
  }),
});
