import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { UserLevel } from './enums.ts';

export const Id = z.uuid();

export const OrganisationMembership = z.object({
  id: Id,
  title: z.string(),
  active: z.boolean(),
  invitation_accepted: z.boolean(),
  user_level: UserLevel,
});
export type OrganisationMembership = z.infer<typeof OrganisationMembership>;

/** SPEC §3 "Current user", for the organisation the request acts for. */
export const CurrentUser = z.object({
  id: Id,
  /** The person's display name. */
  title: z.string(),
  /** Whether the current organisation is a merchant (otherwise a customer). */
  is_merchant: z.boolean(),
  image: z.string().nullable(),
  settings: z.object({ payments_enabled: z.boolean(), advanced_tax_enabled: z.boolean() }),
  /** For a customer organisation: its account with its merchant. Null for merchants. */
  customer: z.object({ payment_settings: z.object({ is_payments_enabled: z.boolean() }) }).nullable(),
  /** For a customer organisation: the merchant whose portal it orders from. Null for merchants. */
  merchant: z.object({ title: z.string(), image: z.string().nullable() }).nullable(),
  trial_end: z.iso.datetime().nullable(),
  deactivate_date: z.iso.datetime().nullable(),
  payment_failed_date: z.iso.datetime().nullable(),
  organisations: z.array(OrganisationMembership),
  /**
   * Set while a merchant member views the portal as the merchant's house customer (the
   * impersonation cookie): the house customer is then among `organisations`, as a User.
   */
  customer_view: z.object({ merchant_id: Id, customer_organisation_id: Id }).nullable(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

export const getCurrentUser = defineEndpoint({
  method: 'GET',
  path: '/users/current',
  summary: 'The signed-in person, seen from the organisation they act for',
  description:
    'The organisation is named by the X-Organisation-Id header. When it is missing, or is not among ' +
    'the accepted, active memberships, the first accepted active organisation is used (SPEC §4). ' +
    'Organisation-scoped fields are null-valued defaults when the person has no active organisation.',
  tags: ['users'],
  auth: 'user',
  response: CurrentUser,
});
