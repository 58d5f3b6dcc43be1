import { USER_LEVELS } from '@tradeport/contract';
import { pgEnum } from 'drizzle-orm/pg-core';

export const organisationKind = pgEnum('organisation_kind', ['MERCHANT', 'CUSTOMER']);
export const userLevel = pgEnum('user_level', USER_LEVELS);
