import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createTaxRule,
  deleteTaxRule,
  getTaxRule,
  getTaxSettings,
  listCategories,
  MAX_PAGE_SIZE,
  type TaxRule,
  type TaxSettingsInput,
  updateTaxRule,
  updateTaxSettings,
} from '@tradeport/contract';
import type { z } from 'zod';
import { request } from '#lib/api-client.ts';
import { bodySchemaOf } from '#lib/forms/body-schema.ts';
import { scopedKey } from '#lib/query-keys.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';

export const taxKeys = {
  all: (organisationId: string | null) => scopedKey(organisationId, 'taxes'),
  settings: (organisationId: string | null) => scopedKey(organisationId, 'taxes', 'settings'),
  rule: (organisationId: string | null, ruleId: string) => scopedKey(organisationId, 'taxes', 'rule', ruleId),
  categories: (organisationId: string | null, search: string) =>
    scopedKey(organisationId, 'taxes', 'category-options', search),
};

/** Refusals the rule form shows itself: field errors, a name or member already taken, a stale version. */
export const RULE_FORM_ERROR_CODES = ['VALIDATION_ERROR', 'CONFLICT', 'NOT_FOUND', 'FORBIDDEN'] as const;

export const CreateTaxRuleBody = bodySchemaOf(createTaxRule);
export const UpdateTaxRuleBody = bodySchemaOf(updateTaxRule);

function requireOrganisation(organisationId: string | null): string {
  if (!organisationId) throw new Error('No organisation is chosen');
  return organisationId;
}

export function useTaxSettings() {
  const organisationId = useOrganisationId();
  return useQuery(
    queryOptions({
      queryKey: taxKeys.settings(organisationId),
      queryFn: organisationId
        ? ({ signal }) => request(getTaxSettings, { params: { id: organisationId }, signal, organisationId })
        : skipToken,
    }),
  );
}

/** One rule with its products and categories, for its edit form; `ruleId` null asks nothing. */
export function useTaxRule(ruleId: string | null) {
  const organisationId = useOrganisationId();
  return useQuery(
    queryOptions({
      queryKey: taxKeys.rule(organisationId, ruleId ?? ''),
      queryFn:
        organisationId && ruleId
          ? ({ signal }) =>
              request(getTaxRule, { params: { id: organisationId, rid: ruleId }, signal, organisationId })
          : skipToken,
    }),
  );
}

export function useUpdateRounding() {
  const queryClient = useQueryClient();
  const organisationId = useOrganisationId();
  return useMutation({
    mutationFn: (body: z.input<typeof TaxSettingsInput>) => {
      const id = requireOrganisation(organisationId);
      return request(updateTaxSettings, {
        params: { id },
        body,
        organisationId: id,
        handledErrorCodes: ['CONFLICT', 'FORBIDDEN'],
      });
    },
    onSuccess: (settings) => queryClient.setQueryData(taxKeys.settings(organisationId), settings),
    // The organisation's details carry its version and rounding too.
    onSettled: () =>
      void queryClient.invalidateQueries({ queryKey: scopedKey(organisationId, 'organisations') }),
  });
}

/** Creates a rule, or (with `ruleId`) replaces one; the list is read again either way. */
export function useSaveTaxRule(ruleId: string | null) {
  const queryClient = useQueryClient();
  const organisationId = useOrganisationId();
  return useMutation({
    mutationFn: (
      body: z.output<typeof UpdateTaxRuleBody> | z.output<typeof CreateTaxRuleBody>,
    ): Promise<TaxRule> => {
      const id = requireOrganisation(organisationId);
      const options = { organisationId: id, handledErrorCodes: RULE_FORM_ERROR_CODES };
      return ruleId && 'version' in body
        ? request(updateTaxRule, { params: { id, rid: ruleId }, body, ...options })
        : request(createTaxRule, { params: { id }, body, ...options });
    },
    onSuccess: (rule) => queryClient.setQueryData(taxKeys.rule(organisationId, rule.id), rule),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: taxKeys.settings(organisationId) }),
  });
}

export function useDeleteTaxRule() {
  const queryClient = useQueryClient();
  const organisationId = useOrganisationId();
  return useMutation({
    mutationFn: (ruleId: string) => {
      const id = requireOrganisation(organisationId);
      return request(deleteTaxRule, { params: { id, rid: ruleId }, organisationId: id });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: taxKeys.settings(organisationId) }),
  });
}

/** Categories to choose from, by name: the largest page, narrowed on the server by what is typed. */
export function useCategoryOptions(search: string) {
  const organisationId = useOrganisationId();
  return useQuery(
    queryOptions({
      queryKey: taxKeys.categories(organisationId, search),
      queryFn: organisationId
        ? ({ signal }) =>
            request(listCategories, {
              params: { id: organisationId },
              query: { limit: MAX_PAGE_SIZE, ...(search ? { search } : {}) },
              signal,
              organisationId,
            })
        : skipToken,
    }),
  );
}
