import { z } from 'zod';

// SPEC §3. Codes travel on the wire; labels are exactly the spec's words for screens.

export const ORDER_STATUSES = ['PROCESSING', 'SHIPPED', 'CANCELLED', 'ON_HOLD', 'COMPLETED'] as const;
export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;

export const PAYMENT_METHOD_LABELS = {
  EXTERNAL_CARD: 'External Credit/Debit Card',
  EXTERNAL_DIRECT_DEBIT: 'External Direct Debit',
  STRIPE_CARD: 'Stripe Credit/Debit Card',
  BANK_TRANSFER: 'Bank Transfer',
  ACCOUNT_CREDIT: 'Account Credit',
  CASH: 'Cash',
  OTHER: 'Other',
} as const;
export type PaymentMethod = keyof typeof PAYMENT_METHOD_LABELS;
export const PAYMENT_METHODS = Object.keys(PAYMENT_METHOD_LABELS) as [PaymentMethod, ...PaymentMethod[]];
export const PaymentMethod = z.enum(PAYMENT_METHODS);

export const ORDER_PAYMENT_STATUS_LABELS = {
  UNPAID: 'Unpaid',
  PARTIALLY_PAID: 'Partially Paid',
  PAID: 'Paid',
  NOT_TRACKED: 'Not Tracked',
} as const;
export type OrderPaymentStatus = keyof typeof ORDER_PAYMENT_STATUS_LABELS;
export const ORDER_PAYMENT_STATUSES = Object.keys(ORDER_PAYMENT_STATUS_LABELS) as [
  OrderPaymentStatus,
  ...OrderPaymentStatus[],
];
export const OrderPaymentStatus = z.enum(ORDER_PAYMENT_STATUSES);

export const PAYMENT_STATE_LABELS = {
  SUCCESSFUL: 'Successful',
  FAILED: 'Failed',
  PROCESSING: 'Processing',
  UPCOMING: 'Upcoming',
  REFUNDED: 'Refunded',
  VOIDED: 'Voided',
} as const;
export type PaymentState = keyof typeof PAYMENT_STATE_LABELS;
export const PAYMENT_STATES = Object.keys(PAYMENT_STATE_LABELS) as [PaymentState, ...PaymentState[]];
export const PaymentState = z.enum(PAYMENT_STATES);

export const IMAGE_TYPES = ['jpeg', 'jpg', 'png'] as const;
export const ImageType = z.enum(IMAGE_TYPES);
export type ImageType = z.infer<typeof ImageType>;

export const REPORT_DATE_PRESETS = [
  'TODAY',
  'YESTERDAY',
  'LAST_7_DAYS',
  'LAST_14_DAYS',
  'LAST_30_DAYS',
  'LAST_90_DAYS',
  'THIS_WEEK',
  'LAST_WEEK',
  'THIS_MONTH',
  'LAST_MONTH',
  'THIS_YEAR',
  'LAST_YEAR',
] as const;
export const ReportDatePreset = z.enum(REPORT_DATE_PRESETS);
export type ReportDatePreset = z.infer<typeof ReportDatePreset>;

export const USER_LEVELS = ['Admin', 'User'] as const;
export const UserLevel = z.enum(USER_LEVELS);
export type UserLevel = z.infer<typeof UserLevel>;

export const ENVIRONMENTS = ['PRODUCTION', 'STAGING', 'DEVELOPMENT', 'TEST'] as const;
export const Environment = z.enum(ENVIRONMENTS);
export type Environment = z.infer<typeof Environment>;

/** How a merchant rounds GST (organisations.gst_rounding); the money rule is computeOrderTotals. */
export const GST_ROUNDINGS = ['PER_LINE', 'PER_INVOICE'] as const;
export const GstRoundingChoice = z.enum(GST_ROUNDINGS);

/** Each choice's name and, in one line, what it does: shown where a merchant chooses. */
export const GST_ROUNDING_LABELS = {
  PER_LINE: {
    label: 'Per line',
    explanation: 'Each line’s GST is rounded to the cent, then the lines are added up.',
  },
  PER_INVOICE: {
    label: 'Per invoice',
    explanation: 'GST is worked out on the invoice’s total at each rate and rounded once.',
  },
} as const satisfies Record<(typeof GST_ROUNDINGS)[number], { label: string; explanation: string }>;
