import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { RecordId } from './ids.ts';
import { OrganisationParams } from './organisations.ts';
import { Page, PageQuery } from './pagination.ts';
import { CustomerIds, GroupCustomer } from './product-groups.ts';
import { SearchText } from './text.ts';

// Delivery methods: how a merchant gets orders to customers (a delivery run or pick-up), their
// fees, minimum, days and cut-off, and who they are offered to. What the rules mean is
// shipping-rules.ts's; this file is the wire shape and its bounds.

export const SHIPPING_KINDS = ['DELIVERY', 'PICK_UP'] as const;
export const SHIPPING_KIND_LABELS: Record<(typeof SHIPPING_KINDS)[number], string> = {
  DELIVERY: 'Delivery',
  PICK_UP: 'Pick-up',
};

/** Most fee bands a method may have: enough for any real price ladder, few enough to read. */
export const MAX_FEE_BANDS = 10;
/** Largest delivery fee: $10,000 (anything more is a typo). */
export const MAX_FEE_CENTS = 1_000_000;
/** Largest subtotal a threshold (band, free-above, minimum) may name: $1,000,000. */
export const MAX_THRESHOLD_CENTS = 100_000_000;
export const MAX_LEAD_DAYS = 30;
export const LAST_MINUTE_OF_DAY = 24 * 60 - 1;

const wholeCents = (max: number, label: string) => {
  const message = `${label} must be whole cents from $0 to $${(max / 100).toLocaleString('en-AU')}`;
  return z.number(message).int(message).min(0, message).max(max, message);
};

const FeeCents = wholeCents(MAX_FEE_CENTS, 'A fee');
const ThresholdCents = wholeCents(MAX_THRESHOLD_CENTS, 'An amount');

export const FeeBandSchema = z.object({
  /** The band applies from this subtotal (ex GST) upwards. */
  from_subtotal_cents: ThresholdCents,
  fee_cents: FeeCents,
});

const weekdayMessage = 'Days are ISO weekdays, 1 (Monday) to 7 (Sunday)';

export const ShippingMethodInput = z.object({
  name: z
    .string('Enter a name')
    .trim()
    .min(1, 'Enter a name')
    .max(100, 'Keep the name to 100 characters or fewer'),
  kind: z.enum(SHIPPING_KINDS, 'Choose Delivery or Pick-up'),
  /** The fee without bands, or below the lowest band; ex GST. */
  fee_cents: FeeCents.default(0),
  fee_bands: z
    .array(FeeBandSchema)
    .max(MAX_FEE_BANDS, `At most ${MAX_FEE_BANDS} fee bands`)
    .refine(
      (bands) =>
        bands.every((band, i) => i === 0 || band.from_subtotal_cents > bands[i - 1]!.from_subtotal_cents),
      { message: 'Fee bands must start at increasing subtotals, each higher than the one before' },
    )
    .default([]),
  /** At or above this subtotal (ex GST) the method is free; null: never free. */
  free_above_cents: ThresholdCents.nullable().default(null),
  /** Below this subtotal (ex GST) the method cannot be used; null: no minimum. */
  minimum_order_cents: ThresholdCents.nullable().default(null),
  /** ISO weekdays (1 = Monday … 7 = Sunday) it runs on; empty: every day. */
  weekdays: z
    .array(z.number(weekdayMessage).int(weekdayMessage).min(1, weekdayMessage).max(7, weekdayMessage))
    .max(7, weekdayMessage)
    .refine((days) => new Set(days).size === days.length, { message: 'A day is listed more than once' })
    .transform((days) => [...days].sort((a, b) => a - b))
    .default([]),
  lead_days: z
    .number('Lead time must be 0 to 30 days')
    .int('Lead time must be whole days')
    .min(0, 'Lead time must be 0 to 30 days')
    .max(MAX_LEAD_DAYS, 'Lead time must be 0 to 30 days')
    .default(1),
  /** Minutes after midnight in the merchant's time zone; an order from then on counts as the next day's. */
  cut_off_minutes: z
    .number('The cut-off must be a time of day')
    .int('The cut-off must be a whole minute')
    .min(0, 'The cut-off must be a time of day')
    .max(LAST_MINUTE_OF_DAY, 'The cut-off must be a time of day')
    .nullable()
    .default(null),
  /** Offered to every customer; false: only to those assigned (…/method/{mid}/customers). */
  is_available_to_all: z.boolean().default(true),
  is_active: z.boolean().default(true),
});
export type ShippingMethodInput = z.input<typeof ShippingMethodInput>;

export const ShippingMethod = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(SHIPPING_KINDS),
  fee_cents: z.number().int(),
  fee_bands: z.array(z.object({ from_subtotal_cents: z.number().int(), fee_cents: z.number().int() })),
  free_above_cents: z.number().int().nullable(),
  minimum_order_cents: z.number().int().nullable(),
  weekdays: z.array(z.number().int()),
  lead_days: z.number().int(),
  cut_off_minutes: z.number().int().nullable(),
  is_available_to_all: z.boolean(),
  is_active: z.boolean(),
  /** Customers assigned to it (what counts when it is not offered to all). */
  customer_count: z.number().int(),
  version: z.number().int(),
  created_at: z.iso.datetime(),
});
export type ShippingMethod = z.infer<typeof ShippingMethod>;

/** A method as a customer is offered it: its rules, name and id. */
export const OfferedShippingMethod = ShippingMethod.pick({
  id: true,
  name: true,
  kind: true,
  fee_cents: true,
  fee_bands: true,
  free_above_cents: true,
  minimum_order_cents: true,
  weekdays: true,
  lead_days: true,
  cut_off_minutes: true,
});
export type OfferedShippingMethod = z.infer<typeof OfferedShippingMethod>;

const collection = '/shipping/methods/organisation/{id}';
const record = `${collection}/method/{mid}`;
const MethodParams = OrganisationParams.extend({ mid: RecordId('shipping method') });
const MethodCustomerParams = MethodParams.extend({ cid: RecordId('customer') });
const tags = ['shipping'];
const Deleted = z.object({ deleted: z.literal(true) });

export const listShippingMethods = defineEndpoint({
  method: 'GET',
  path: collection,
  summary: 'A page of the merchant’s delivery methods by name, with the merchant’s time zone',
  description:
    'Cut-off times are minutes after midnight in `time_zone`, the merchant’s zone, which the screen shows beside them.',
  tags,
  auth: 'user',
  params: OrganisationParams,
  query: PageQuery.extend({ search: SearchText }),
  response: Page(ShippingMethod).extend({ time_zone: z.string() }),
});

export const createShippingMethod = defineEndpoint({
  method: 'POST',
  path: collection,
  summary: 'Add a delivery method (Admins); a name already used answers 409 CONFLICT',
  tags,
  auth: 'user',
  params: OrganisationParams,
  body: ShippingMethodInput,
  response: ShippingMethod,
  status: 201,
});

export const getShippingMethod = defineEndpoint({
  method: 'GET',
  path: record,
  summary: 'One delivery method',
  tags,
  auth: 'user',
  params: MethodParams,
  response: ShippingMethod,
});

export const updateShippingMethod = defineEndpoint({
  method: 'PUT',
  path: record,
  summary: 'Change a delivery method (Admins); a stale version answers 409 CONFLICT',
  description:
    'The whole method, as on create, with the `version` read: fields left out take their defaults.',
  tags,
  auth: 'user',
  params: MethodParams,
  body: ShippingMethodInput.extend({ version: z.number().int().min(1) }),
  response: ShippingMethod,
});

export const deleteShippingMethod = defineEndpoint({
  method: 'DELETE',
  path: record,
  summary: 'Delete a delivery method (Admins), with its customer assignments',
  description: 'Orders that used it keep its name and fee (they hold their own copy).',
  tags,
  auth: 'user',
  params: MethodParams,
  response: Deleted,
});

export const listShippingMethodCustomers = defineEndpoint({
  method: 'GET',
  path: `${record}/customers`,
  summary: 'A page of the customers the method is assigned to, by name, with search',
  tags,
  auth: 'user',
  params: MethodParams,
  query: PageQuery.extend({ search: SearchText }),
  response: Page(GroupCustomer),
});

export const assignShippingMethodCustomers = defineEndpoint({
  method: 'PUT',
  path: `${record}/customers`,
  summary: 'Assign customers to the method (Admins); those already assigned stay',
  description: 'One transaction: another merchant’s customer id answers 404 and nothing changes.',
  tags,
  auth: 'user',
  params: MethodParams,
  body: z.object({ customer_ids: CustomerIds }),
  response: z.object({ changed: z.number().int() }),
});

export const assignShippingMethodCustomer = defineEndpoint({
  method: 'PUT',
  path: `${record}/customer/{cid}`,
  summary: 'Assign one customer to the method (Admins)',
  tags,
  auth: 'user',
  params: MethodCustomerParams,
  response: GroupCustomer,
});

export const unassignShippingMethodCustomer = defineEndpoint({
  method: 'DELETE',
  path: `${record}/customer/{cid}`,
  summary: 'Take one customer off the method (Admins); 404 when it is not assigned',
  tags,
  auth: 'user',
  params: MethodCustomerParams,
  response: Deleted,
});

export const listShippingMethodsForCustomer = defineEndpoint({
  method: 'GET',
  path: `${collection}/customer/{cid}`,
  summary: 'The active delivery methods offered to one customer: those for everyone and those assigned to it',
  tags,
  auth: 'user',
  params: OrganisationParams.extend({ cid: RecordId('customer') }),
  response: z.object({ items: z.array(OfferedShippingMethod) }),
});
