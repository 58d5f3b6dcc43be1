export * from './account.ts';
export * from './auth.ts';
export * from './constants.ts';
export * from './customers.ts';
export * from './endpoint.ts';
export * from './enums.ts';
export * from './errors.ts';
export * from './money.ts';
export * from './organisation-selection.ts';
export * from './organisations.ts';
export * from './pagination.ts';
export * from './system.ts';
export * from './uploads.ts';
export * from './users.ts';

import { refreshSession, signIn, signOut } from './auth.ts';
import { getEnvironment, getHealth } from './system.ts';
import { getCurrentUser } from './users.ts';

/** Every endpoint, so the server can check each is registered and OpenAPI lists them all. */
export const endpoints = { getEnvironment, getHealth, signIn, refreshSession, signOut, getCurrentUser };
