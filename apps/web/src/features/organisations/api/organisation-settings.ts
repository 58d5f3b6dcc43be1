import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getOrganisationSettings,
  type OrganisationSettings,
  type OrganisationSettingsInput,
  updateOrganisationSettings,
} from '@tradeport/contract';
import type { z } from 'zod';
import { request } from '#lib/api-client.ts';
import { currentUserQuery, useCurrentAccount } from '#lib/current-account.ts';
import { scopedKey } from '#lib/query-keys.ts';

/** Refusals the switch says beside itself: a lost Admin level, a vanished organisation, a bad body. */
export const SETTINGS_REFUSALS = ['FORBIDDEN', 'NOT_FOUND', 'VALIDATION_ERROR'] as const;

export const organisationSettingsKeys = {
  settings: (organisationId: string) => scopedKey(organisationId, 'organisations', 'settings'),
};

export function organisationSettingsQuery(organisationId: string) {
  return queryOptions({
    queryKey: organisationSettingsKeys.settings(organisationId),
    queryFn: ({ signal }) =>
      request(getOrganisationSettings, { params: { id: organisationId }, signal, organisationId }),
  });
}

export function useOrganisationSettings(organisationId: string) {
  return useQuery(organisationSettingsQuery(organisationId));
}

/**
 * Switches a merchant's features. The menu and every screen read them from the current user, so
 * that is updated in place at once (the Payments menu appears or goes without a reload) and then
 * read again from the server.
 */
export function useUpdateOrganisationSettings(organisationId: string) {
  const queryClient = useQueryClient();
  const currentUserKey = currentUserQuery(useCurrentAccount().storedOrganisationId).queryKey;
  return useMutation({
    mutationFn: (body: z.input<typeof OrganisationSettingsInput>) =>
      request(updateOrganisationSettings, {
        params: { id: organisationId },
        body,
        organisationId,
        handledErrorCodes: SETTINGS_REFUSALS,
      }),
    onSuccess: (settings: OrganisationSettings) => {
      queryClient.setQueryData(organisationSettingsKeys.settings(organisationId), settings);
      queryClient.setQueryData(
        currentUserKey,
        (user) =>
          user && {
            ...user,
            settings: {
              payments_enabled: settings.payments_enabled,
              advanced_tax_enabled: settings.advanced_tax_enabled,
            },
          },
      );
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
    // Whatever the refusal, show the settings as the server has them now.
    onError: () =>
      queryClient.invalidateQueries({ queryKey: organisationSettingsKeys.settings(organisationId) }),
  });
}
