import { Alert, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { isForbidden, useRefreshAccess } from '#lib/access.ts';
import { ApiError } from '#lib/api-error.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { ConfirmDialog } from '#lib/ui/confirm-dialog.tsx';
import { QueryStatus } from '#lib/ui/query-status.tsx';
import { TitledSection } from '#lib/ui/titled-section.tsx';
import { useOrganisationSettings, useUpdateOrganisationSettings } from '../api/organisation-settings.ts';

const refusal = (error: unknown) =>
  error instanceof ApiError ? error.message : 'The change was not saved. Try again.';

/**
 * Whether a merchant tracks payments and credits (SPEC §2: the Payments menu shows only then), for
 * its Admins. On saves at once; off asks first, since customers stop being able to pay by card.
 */
export function PaymentsSettingSection(props: { organisationId: string }) {
  const query = useOrganisationSettings(props.organisationId);
  const update = useUpdateOrganisationSettings(props.organisationId);
  const refreshAccess = useRefreshAccess();
  const [isConfirmingOff, setIsConfirmingOff] = useState(false);

  const save = (isOn: boolean) =>
    update.mutate(
      { payments_enabled: isOn },
      {
        onSuccess: (settings) =>
          showSuccessToast(settings.payments_enabled ? 'Payments switched on' : 'Payments switched off'),
        // A 403 means this person is no longer an Admin: reloading their level hides the page.
        onError: (error) => {
          if (isForbidden(error)) refreshAccess();
        },
        onSettled: () => setIsConfirmingOff(false),
      },
    );

  // While a change is on its way the switch shows it; a refusal puts back what the server has.
  const isOn =
    (update.isPending ? update.variables?.payments_enabled : undefined) ?? query.data?.payments_enabled;

  return (
    <TitledSection title="Payments" headingId="organisation-payments-heading">
      <QueryStatus
        query={query}
        loadingLabel="Loading the payment settings"
        errorTitle="The payment settings could not be loaded"
      />
      {query.data && (
        <Stack gap="sm">
          <Switch
            label="Track payments and credits"
            description="Record payments, refunds and account credits against your customers’ invoices, see what each customer owes, and let them pay by card. Adds Payments to the menu; each customer’s own payment settings say whether it applies to them."
            checked={isOn ?? false}
            disabled={update.isPending}
            onChange={(event) => {
              if (event.currentTarget.checked) save(true);
              else setIsConfirmingOff(true);
            }}
          />
          {update.isError && !isConfirmingOff && (
            <Alert color="red" variant="light" role="alert" title="Payments were not switched">
              <Text size="sm">{refusal(update.error)}</Text>
            </Alert>
          )}
        </Stack>
      )}
      <ConfirmDialog
        opened={isConfirmingOff}
        title="Switch payments off?"
        confirmLabel="Switch off"
        isConfirming={update.isPending}
        onCancel={() => setIsConfirmingOff(false)}
        onConfirm={() => save(false)}
      >
        The Payments menu goes, and no payment or credit can be recorded. Customers can no longer pay by card,
        in the portal or from a payment link, and overdue reminders stop. Everything recorded so far is kept,
        and shows again when you switch payments back on.
      </ConfirmDialog>
    </TitledSection>
  );
}
