import type { AccessTokenIssuer } from './platform/auth/access-tokens.ts';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db/client.ts';

/** What every module is built from. Tests build the same object with their own database. */
export type AppDeps = {
  config: Config;
  database: Database;
  tokens: AccessTokenIssuer;
  now: () => Date;
};
