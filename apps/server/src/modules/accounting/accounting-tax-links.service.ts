import type { AccountingLinkState, AccountingProvider, TaxRuleLinks } from '@tradeport/contract';
import type { AppDeps } from '../../app-deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { createBooksSessions, inBooks, toAccountingLink } from './accounting-books.ts';
import { findTaxRule, taxRuleLinks } from './accounting-link-records.queries.ts';
import { deleteLink, findLinks, saveLink } from './accounting-links.queries.ts';

// The tax rules ↔ tax rates screen (SPEC §7 xero/organisation/{id}/taxes): which of the books'
// tax rates a tax rule's lines are sent with, instead of the mapping's GST rate. Merchant Admins
// only (the routes say so). A rule is looked up before the books are called, so another
// merchant's id is a 404 whatever the connection's state.

type Deps = Pick<AppDeps, 'database' | 'config' | 'accounting' | 'now' | 'jobs'>;
type InBooks = { merchantId: string; provider: AccountingProvider };

export function createTaxLinks(deps: Deps) {
  const { db } = deps.database;
  const openBooks = createBooksSessions(deps);
  const scopeOf = (options: InBooks) => ({ ...options, kind: 'TAX_RULE' as const });

  const readTaxRates = (merchantId: string, provider: AccountingProvider) =>
    inBooks(provider, undefined, async () => {
      const { client, call } = await openBooks(merchantId, provider);
      return client.listTaxRates(call);
    });

  async function ruleOf(options: InBooks & { taxRuleId: string }) {
    const rule = await findTaxRule(db, options);
    if (!rule) throw notFound('Tax rule');
    return rule;
  }

  async function stateOf(options: InBooks & { taxRuleId: string }): Promise<AccountingLinkState> {
    const [row] = await findLinks(db, { ...scopeOf(options), localIds: [options.taxRuleId] });
    return { id: options.taxRuleId, link: row ? toAccountingLink(row) : null };
  }

  return {
    async list(options: InBooks): Promise<TaxRuleLinks> {
      const taxRates = await readTaxRates(options.merchantId, options.provider);
      const rules = await taxRuleLinks(db, options);
      return {
        tax_rules: rules.map((rule) => ({
          tax_rule: { id: rule.id, name: rule.name, rate_basis_points: rule.rateBasisPoints },
          link: rule.link ? toAccountingLink(rule.link) : null,
        })),
        tax_rates: taxRates.map((rate) => ({ id: rate.id, name: rate.name, rate_percent: rate.ratePercent })),
      };
    },

    async link(options: InBooks & { userId: string; taxRuleId: string; taxId: string }) {
      const { merchantId, provider, taxRuleId, taxId } = options;
      await ruleOf(options);
      const rate = (await readTaxRates(merchantId, provider)).find((candidate) => candidate.id === taxId);
      if (!rate) {
        const message = 'Choose one of the tax rates the books have for sales.';
        throw new AppError('VALIDATION_ERROR', message, [{ path: 'tax_id', message }]);
      }
      await saveLink(db, {
        ...scopeOf(options),
        localId: taxRuleId,
        externalId: rate.id,
        externalName: rate.name,
        userId: options.userId,
        now: deps.now(),
      });
      return stateOf(options);
    },

    async unlink(options: InBooks & { taxRuleId: string }): Promise<AccountingLinkState> {
      await ruleOf(options);
      await deleteLink(db, { ...scopeOf(options), localId: options.taxRuleId });
      return { id: options.taxRuleId, link: null };
    },
  };
}
