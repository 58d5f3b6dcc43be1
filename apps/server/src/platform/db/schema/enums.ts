import { USER_LEVELS } from '@tradeport/contract';
import { pgEnum } from 'drizzle-orm/pg-core';

export const organisationKind = pgEnum('organisation_kind', ['MERCHANT', 'CUSTOMER']);
export const userLevel = pgEnum('user_level', USER_LEVELS);

/** GST rounding, chosen per merchant to match its accounting system (contract: GstRounding). */
export const gstRounding = pgEnum('gst_rounding', ['PER_LINE', 'PER_INVOICE']);
