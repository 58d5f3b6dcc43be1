import type { AccountingProvider } from '@tradeport/contract';
import type { AccountingConfig } from './accounting-config.ts';
import type { AccountingProviderClient } from './accounting-provider.ts';
import { createMyobProvider } from './myob/myob-provider.ts';
import { createQuickBooksProvider } from './quickbooks/quickbooks-provider.ts';
import { createXeroProvider } from './xero/xero-provider.ts';

// The providers this server is set up for (their keys are in the environment), by id. A provider
// missing here is "not set up": its screen says so and its endpoints answer ACCOUNTING_NOT_SET_UP.

export type AccountingProviders = Partial<Record<AccountingProvider, AccountingProviderClient>>;

export function createAccountingProviders(
  config: AccountingConfig | undefined,
  options: { now: () => Date },
): AccountingProviders {
  if (!config) return {};
  return {
    ...(config.xero ? { xero: createXeroProvider(config.xero, options) } : {}),
    ...(config.quickbooks ? { quickbooks: createQuickBooksProvider(config.quickbooks, options) } : {}),
    ...(config.myob ? { myob: createMyobProvider(config.myob, options) } : {}),
  };
}
