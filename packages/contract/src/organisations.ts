import { z } from 'zod';
import { bankAccountFields, checkBankAccount } from './bank-account.ts';
import { RecordId } from './ids.ts';
import { optionalText } from './text.ts';
import { Email } from './auth.ts';
import { defineEndpoint } from './endpoint.ts';
import { GstRoundingChoice } from './enums.ts';
import { TimeZone } from './time-zones.ts';

export const OrganisationParams = z.object({ id: RecordId('organisation') });
/** `{id}` names a merchant the caller is a customer of, not an organisation it belongs to. */
export const MerchantParams = z.object({ id: RecordId('merchant') });

/** A required field's own words when it is left out, instead of zod's "expected string, received undefined". */
const whenMissing = (message: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? message : undefined),
});

export const Slug = z
  .string(whenMissing('Enter a sign-in address'))
  .trim()
  .toLowerCase()
  .min(3, 'Use at least 3 characters')
  .max(60)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens');

/** 11 digits with the ATO checksum; spaces allowed on the way in, stored without. */
const abnOf = (params?: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
    .transform((value) => value.replace(/\s+/g, ''))
    .refine(isValidAbn, 'Enter a valid 11-digit ABN');
export const Abn = abnOf();

export function isValidAbn(abn: string): boolean {
  if (!/^\d{11}$/.test(abn)) return false;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const digits = abn.split('').map(Number);
  digits[0]! -= 1;
  return digits.reduce((sum, digit, i) => sum + digit * weights[i]!, 0) % 89 === 0;
}

export const AU_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;

/** A field that may be null but must be sent: left out, it says so, instead of reading as null. */
const sendOrNull = (what: string) => whenMissing(`Send ${what}, or null for none`);

/**
 * What a merchant or customer is told about itself, as an update sends it: every field, null for
 * none. An update replaces the details, so a field left out is refused, never read as null (an
 * older client that does not know a field must not erase it).
 */
export const OrganisationDetailsInput = z.object({
  title: z.string(whenMissing('Enter a name')).trim().min(1, 'Enter a name').max(120),
  abn: abnOf(sendOrNull('an ABN')).nullable(),
  contact_email: z.string(sendOrNull('a contact email')).pipe(Email).nullable(),
  phone: optionalText(30, sendOrNull('a phone number')),
  address_line1: optionalText(120, sendOrNull('an address line')),
  address_line2: optionalText(120, sendOrNull('a second address line')),
  suburb: optionalText(60, sendOrNull('a suburb')),
  state: z.enum(AU_STATES, sendOrNull('a state')).nullable(),
  postcode: z
    .string(sendOrNull('a postcode'))
    .trim()
    .regex(/^\d{4}$/, 'Enter a 4-digit postcode')
    .nullable(),
});

const details = OrganisationDetailsInput.shape;
/**
 * The details of a new merchant or customer: only the name is required; every other field may be
 * null or left out (read as null), so a caller never has to send blanks it does not have.
 */
export const NewOrganisationDetailsInput = OrganisationDetailsInput.extend({
  abn: details.abn.default(null),
  contact_email: details.contact_email.default(null),
  phone: details.phone.default(null),
  address_line1: details.address_line1.default(null),
  address_line2: details.address_line2.default(null),
  suburb: details.suburb.default(null),
  state: details.state.default(null),
  postcode: details.postcode.default(null),
});

/** The business details merchants and customers both have, as the API answers them. */
export const OrganisationDetails = z.object({
  title: z.string(),
  abn: z.string().nullable(),
  contact_email: z.string().nullable(),
  phone: z.string().nullable(),
  address_line1: z.string().nullable(),
  address_line2: z.string().nullable(),
  suburb: z.string().nullable(),
  state: z.string().nullable(),
  postcode: z.string().nullable(),
});

export const Organisation = OrganisationDetails.extend({
  id: z.uuid(),
  is_merchant: z.boolean(),
  slug: z.string(),
  image: z.string().nullable(),
  trial_end: z.iso.datetime().nullable(),
  /** IANA zone of the organisation's day: a merchant's delivery cut-offs, date filters and reports. */
  time_zone: z.string(),
  /** How a merchant rounds GST on its invoices (a customer organisation's is unused). */
  gst_rounding: GstRoundingChoice,
  /** Where a merchant's customers pay by bank transfer, printed on its tax invoices: all three or none. */
  bank_account_name: z.string().nullable(),
  /** Six digits, no dash: `formatBsb` writes it as 062-000. */
  bank_bsb: z.string().nullable(),
  bank_account_number: z.string().nullable(),
  version: z.number().int(),
});
export type Organisation = z.infer<typeof Organisation>;

export const createOrganisation = defineEndpoint({
  method: 'POST',
  path: '/organisations',
  summary: 'Create a merchant organisation with the caller as its Admin; the trial ends in 14 days',
  description:
    'Also creates the merchant’s house customer. A taken slug answers 409 CONFLICT naming body.slug.',
  tags: ['organisations'],
  auth: 'user',
  body: NewOrganisationDetailsInput.extend({ slug: Slug }),
  response: Organisation,
  status: 201,
});

export const getOrganisation = defineEndpoint({
  method: 'GET',
  path: '/organisations/{id}',
  summary: 'An organisation the caller belongs to',
  tags: ['organisations'],
  auth: 'user',
  params: OrganisationParams,
  response: Organisation,
});

export const updateOrganisation = defineEndpoint({
  method: 'PUT',
  path: '/organisations/{id}',
  summary: 'Change an organisation’s details (Admins); a stale version answers 409 CONFLICT',
  description:
    'Left out, `slug`, `time_zone`, `gst_rounding` and the bank account fields stay as they are. Only a ' +
    'merchant has a sign-in address, rounds GST and has a bank account for its invoices: a customer ' +
    'organisation leaves them out (a new value is refused on its field). The bank account is all three of ' +
    '`bank_account_name`, `bank_bsb` and `bank_account_number`, or none (null or blank clears them); the ' +
    'BSB may be written 062-000, 062 000 or 062000 and is stored as six digits, the account number as its ' +
    '6 to 10 digits.',
  tags: ['organisations'],
  auth: 'user',
  params: OrganisationParams,
  body: OrganisationDetailsInput.extend({
    slug: Slug.optional(),
    image: z.string().max(2_000).nullable(),
    time_zone: TimeZone.optional(),
    gst_rounding: GstRoundingChoice.optional(),
    ...bankAccountFields,
    version: z.number().int().min(1),
  }).superRefine(checkBankAccount),
  response: Organisation,
});

export const OrganisationSettings = z.object({
  payments_enabled: z.boolean(),
  advanced_tax_enabled: z.boolean(),
  time_zone: z.string(),
  gst_rounding: GstRoundingChoice,
});
export type OrganisationSettings = z.infer<typeof OrganisationSettings>;

export const getOrganisationSettings = defineEndpoint({
  method: 'GET',
  path: '/organisations/{id}/settings',
  summary: 'Feature settings of an organisation the caller belongs to',
  tags: ['organisations'],
  auth: 'user',
  params: OrganisationParams,
  response: OrganisationSettings,
});

/**
 * The features a merchant switches on or off: either or both, a field left out stays as it is.
 * Nothing sent at all is refused rather than answered as a change that did nothing.
 */
export const OrganisationSettingsInput = z
  .object({
    payments_enabled: z.boolean().optional(),
    advanced_tax_enabled: z.boolean().optional(),
  })
  .refine((input) => input.payments_enabled !== undefined || input.advanced_tax_enabled !== undefined, {
    message: 'Send payments_enabled, advanced_tax_enabled or both',
  });

export const updateOrganisationSettings = defineEndpoint({
  method: 'PATCH',
  path: '/organisations/{id}/settings',
  summary: 'Switch payments or advanced tax on or off (merchant Admins); answers the settings',
  description:
    'With payments off, recording payments and credits answers 409 PAYMENTS_NOT_ENABLED, customers cannot ' +
    'pay by card and overdue reminders stop; what was recorded is kept. A customer organisation has no ' +
    'such settings (its merchant decides whether its payments are tracked): its members get 403 FORBIDDEN. ' +
    'The organisation’s `version` is not changed, so an open edit of its details still saves.',
  tags: ['organisations'],
  auth: 'user',
  params: OrganisationParams,
  body: OrganisationSettingsInput,
  response: OrganisationSettings,
});

export const getMerchantBySlug = defineEndpoint({
  method: 'GET',
  path: '/organisations/login/slug/{slug}',
  summary: "A merchant's public title and image, for its branded sign-in page",
  tags: ['organisations'],
  auth: 'public',
  params: z.object({ slug: z.string().max(60) }),
  response: z.object({ title: z.string(), image: z.string().nullable(), slug: z.string() }),
});

// Members and invitations

export const Member = z.object({
  user_id: z.uuid(),
  name: z.string(),
  email: z.string(),
  user_level: z.enum(['Admin', 'User']),
  active: z.boolean(),
});
export type Member = z.infer<typeof Member>;

export const PendingInvitation = z.object({
  id: z.uuid(),
  email: z.string(),
  user_level: z.enum(['Admin', 'User']),
  expires_at: z.iso.datetime(),
  last_sent_at: z.iso.datetime(),
});

export const listMembers = defineEndpoint({
  method: 'GET',
  path: '/organisations/{id}/users',
  summary: 'People in an organisation and its open invitations',
  tags: ['people'],
  auth: 'user',
  params: OrganisationParams,
  response: z.object({ members: z.array(Member), invitations: z.array(PendingInvitation) }),
});

export const updateMember = defineEndpoint({
  method: 'PUT',
  path: '/organisations/{id}/user/{uid}',
  summary: 'Change a member’s level or deactivate them (Admins)',
  description:
    'An organisation always keeps one active Admin: a change that would leave none is 409 CONFLICT.',
  tags: ['people'],
  auth: 'user',
  params: OrganisationParams.extend({ uid: RecordId('user') }),
  body: z.object({ user_level: z.enum(['Admin', 'User']), active: z.boolean() }),
  response: Member,
});

export const inviteUser = defineEndpoint({
  method: 'POST',
  path: '/organisations/{id}/invite-user',
  summary: 'Invite someone by email (Admins); they get a single-use link valid for 7 days',
  tags: ['people'],
  auth: 'user',
  params: OrganisationParams,
  body: z.object({ email: Email, user_level: z.enum(['Admin', 'User']) }),
  response: PendingInvitation,
  status: 201,
});

export const resendInvite = defineEndpoint({
  method: 'POST',
  path: '/organisations/{id}/user/{uid}/resend-invite',
  summary: 'Send an open invitation again with a fresh link (uid is the invitation id)',
  tags: ['people'],
  auth: 'user',
  params: OrganisationParams.extend({ uid: RecordId('invitation') }),
  response: PendingInvitation,
});

export const revokeInvite = defineEndpoint({
  method: 'DELETE',
  path: '/organisations/{id}/user/{uid}/invite',
  summary: 'Withdraw an open invitation (uid is the invitation id)',
  tags: ['people'],
  auth: 'user',
  params: OrganisationParams.extend({ uid: RecordId('invitation') }),
  response: z.object({ revoked: z.literal(true) }),
});

export const MyInvitation = z.object({
  organisation_id: z.uuid(),
  organisation_title: z.string(),
  user_level: z.enum(['Admin', 'User']),
  invited_by: z.string().nullable(),
  expires_at: z.iso.datetime(),
});

export const listMyInvitations = defineEndpoint({
  method: 'GET',
  path: '/users/current/invitations',
  summary: 'Open invitations addressed to the signed-in person’s email',
  tags: ['people'],
  auth: 'user',
  response: z.array(MyInvitation),
});

export const acceptInvite = defineEndpoint({
  method: 'POST',
  path: '/organisations/{id}/accept-invite',
  summary: 'Accept the signed-in person’s open invitation to this organisation',
  description: 'With `token` (from the emailed link) the link itself is checked as well.',
  tags: ['people'],
  auth: 'user',
  params: OrganisationParams,
  body: z.object({ token: z.string().max(200).optional() }),
  response: z.object({ accepted: z.literal(true) }),
});

export const declineInvite = defineEndpoint({
  method: 'POST',
  path: '/organisations/{id}/decline-invite',
  summary: 'Decline the signed-in person’s open invitation to this organisation',
  tags: ['people'],
  auth: 'user',
  params: OrganisationParams,
  response: z.object({ declined: z.literal(true) }),
});

export const getInvitationByToken = defineEndpoint({
  method: 'GET',
  path: '/invitations/{token}',
  summary: 'What an emailed invitation link is for (organisation, email), so the page can say so',
  tags: ['people'],
  auth: 'public',
  params: z.object({ token: z.string().min(16).max(200) }),
  response: z.object({
    organisation_id: z.uuid(),
    organisation_title: z.string(),
    email: z.string(),
    has_account: z.boolean(),
  }),
});
