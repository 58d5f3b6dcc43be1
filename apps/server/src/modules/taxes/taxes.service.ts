import {
  GST_RATE_BASIS_POINTS,
  MAX_TAX_RULES,
  type TaxRuleInput,
  type TaxSettings,
} from '@tradeport/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../platform/db/client.ts';
import { uniqueViolation } from '../../platform/db/database-errors.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import {
  type Claim,
  findClaimedMember,
  lockMerchantMembers,
  replaceRuleMembers,
} from './tax-rule-members.queries.ts';
import {
  countTaxRules,
  deleteTaxRuleRow,
  findTaxRule,
  findTaxSettings,
  type GstRounding,
  insertTaxRule,
  listTaxRuleSummaries,
  updateGstRounding,
  updateTaxRuleRow,
} from './tax-rules.queries.ts';

type InMerchant = { merchantId: string };
type InRule = InMerchant & { ruleId: string };
type RuleInput = z.output<typeof TaxRuleInput>;

const ruleNotFound = () => notFound('Tax rule');

/** Which rule already has the product or category: each may be in one rule only. */
function claimed(claim: Claim) {
  const message = `The ${claim.kind} “${claim.memberName}” is already in the tax rule “${claim.ruleName}”; a ${claim.kind} may be in one rule only.`;
  const path = claim.kind === 'product' ? 'body.product_ids' : 'body.category_ids';
  return new AppError('CONFLICT', message, [{ path, message }]);
}

/**
 * A write the unique indexes refused: the name, or (when another write claimed a member between
 * our check and our insert) the one-rule-per-product or per-category rule.
 */
function refusal(error: unknown, name: string): unknown {
  const constraint = uniqueViolation(error);
  if (constraint === undefined) return error;
  if (constraint === 'tax_rules_merchant_name_key') {
    const message = `A tax rule named “${name}” already exists.`;
    return new AppError('CONFLICT', message, [{ path: 'body.name', message }]);
  }
  const kind = constraint.startsWith('tax_rule_categories') ? 'category' : 'product';
  return conflict(
    `A ${kind} of this rule was just put in another tax rule; a ${kind} may be in one rule only.`,
  );
}

const toColumns = (input: RuleInput) => ({
  name: input.name,
  description: input.description,
  rateBasisPoints: input.rate_basis_points,
});

/**
 * A merchant's taxes. Callers have checked the caller may act for the merchant; every query is
 * scoped to it, and each write is one transaction that either finds every product and category
 * the merchant's and unclaimed, or changes nothing.
 */
export function createTaxesService(deps: Pick<AppDeps, 'database' | 'now'>) {
  const { db } = deps.database;

  async function settings(options: InMerchant): Promise<TaxSettings> {
    const [row, rules] = await Promise.all([findTaxSettings(db, options), listTaxRuleSummaries(db, options)]);
    if (!row) throw notFound('Organisation');
    return {
      gst_rounding: row.gstRounding,
      default_rate_basis_points: GST_RATE_BASIS_POINTS,
      is_advanced_tax_enabled: row.isAdvancedTaxEnabled,
      version: row.version,
      rules,
    };
  }

  async function mustFindRule(options: InRule) {
    const rule = await findTaxRule(db, options);
    if (!rule) throw ruleNotFound();
    return rule;
  }

  /** Checks and writes the members inside the rule's transaction; throws (rolling back) on a refusal. */
  async function writeMembers(tx: Db, options: InRule & { input: RuleInput; isNew: boolean }) {
    const productIds = [...new Set(options.input.product_ids)];
    const categoryIds = [...new Set(options.input.category_ids)];
    const members = { merchantId: options.merchantId, productIds, categoryIds };
    const found = await lockMerchantMembers(tx, members);
    if (!found.isEveryProductFound) throw notFound('Product');
    if (!found.isEveryCategoryFound) throw notFound('Category');
    const claim = await findClaimedMember(tx, { ...members, ruleId: options.isNew ? null : options.ruleId });
    if (claim) throw claimed(claim);
    await replaceRuleMembers(tx, { ...members, ruleId: options.ruleId });
  }

  async function writing<R>(name: string, write: () => Promise<R>) {
    try {
      return await write();
    } catch (error) {
      throw refusal(error, name);
    }
  }

  return {
    settings,

    /** Guarded by the organisation's version: an edit of its details in between wins with a 409. */
    async updateSettings(options: InMerchant & { gstRounding: GstRounding; version: number }) {
      const isUpdated = await updateGstRounding(db, { ...options, now: deps.now() });
      if (!isUpdated) {
        await settings(options);
        throw conflict(
          'Someone else changed these settings since you opened them. Reload to see their changes.',
        );
      }
      return settings(options);
    },

    getRule: mustFindRule,

    async createRule(options: InMerchant & { input: RuleInput }) {
      const ruleId = await writing(options.input.name, () =>
        db.transaction(async (tx) => {
          if ((await countTaxRules(tx, options)) >= MAX_TAX_RULES)
            throw conflict(
              `A merchant may have at most ${MAX_TAX_RULES} tax rules; change or delete one instead.`,
            );
          const id = await insertTaxRule(tx, {
            merchantId: options.merchantId,
            columns: toColumns(options.input),
          });
          await writeMembers(tx, { ...options, ruleId: id, isNew: true });
          return id;
        }),
      );
      return mustFindRule({ merchantId: options.merchantId, ruleId });
    },

    /** Guarded by the version the editor read: someone else's newer edit wins with a 409. */
    async updateRule(options: InRule & { input: RuleInput; version: number }) {
      await writing(options.input.name, () =>
        db.transaction(async (tx) => {
          const isUpdated = await updateTaxRuleRow(tx, {
            ...options,
            columns: toColumns(options.input),
            now: deps.now(),
          });
          if (!isUpdated) {
            if (!(await findTaxRule(tx, options))) throw ruleNotFound();
            throw conflict(
              'Someone else changed this tax rule since you opened it. Reload to see their changes.',
            );
          }
          await writeMembers(tx, { ...options, isNew: false });
        }),
      );
      return mustFindRule(options);
    },

    async removeRule(options: InRule) {
      if (!(await deleteTaxRuleRow(db, options))) throw ruleNotFound();
      return { deleted: true as const };
    },
  };
}
