import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { addDays, DEFAULT_STATEMENT_PERIOD, StatementQuery } from '@tradeport/contract';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { type StatementRequest, useDownloadStatement } from '../api/statement.ts';
import { periodChoiceOf, periodErrors, type PeriodPick, type PeriodValue } from '#shared/period/period.ts';
import { PeriodFields } from '#shared/period/period-fields.tsx';

/** Refusals shown on the period's fields (a period with too many entries), not as toasts. */
const HANDLED = ['VALIDATION_ERROR'] as const;

export type StatementFor = Omit<StatementRequest, 'period'>;

function StatementForm(props: { statementFor: StatementFor; asOf: string | null; onClose: () => void }) {
  const download = useDownloadStatement({ handledErrorCodes: HANDLED });
  const { form, formError, formProps, submitProps, isSubmitting } = useContractForm({
    initialValues: { pick: DEFAULT_STATEMENT_PERIOD as PeriodPick, from: '', to: '' } satisfies PeriodValue,
    schema: StatementQuery,
    toInput: periodChoiceOf,
    moreErrors: (values) => periodErrors(values, StatementQuery),
    aliases: { period: 'pick' },
    handledErrorCodes: HANDLED,
    onSubmit: async (period) => {
      await download.mutateAsync({ ...props.statementFor, period });
      props.onClose();
    },
  });
  const errorOf = (field: keyof PeriodValue) => {
    const error = form.errors[field];
    return typeof error === 'string' ? error : undefined;
  };
  // Custom days start as this month so far, on the merchant's calendar when the list said it.
  const thisMonthSoFar = () => {
    const today = props.asOf ?? new Date().toISOString().slice(0, 10);
    return { from: addDays(today, 1 - Number(today.slice(8, 10))), to: today };
  };
  return (
    <form {...formProps} aria-label="Statement period">
      <Stack gap="md">
        <FormErrorAlert message={formError} />
        <Text size="sm">
          Opening balance, then every invoice, payment and credit in the period with the running balance, and
          the closing balance.
        </Text>
        <PeriodFields
          value={form.values}
          errors={{ pick: errorOf('pick'), from: errorOf('from'), to: errorOf('to') }}
          onChange={(value) => {
            form.setValues(value);
            form.clearErrors();
          }}
          customStart={thisMonthSoFar}
          disabled={isSubmitting}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button {...submitProps}>Download statement</Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Chooses a period for a customer's statement and downloads its PDF: for the merchant from
 * Customer Accounts, for a customer organisation its own from its overview.
 */
export function StatementDialog(props: {
  statementFor: StatementFor | null;
  /** The merchant's today, when known: custom days start from this month so far. */
  asOf: string | null;
  onClose: () => void;
}) {
  const { statementFor } = props;
  return (
    <Modal
      opened={statementFor !== null}
      onClose={props.onClose}
      title={statementFor ? `Statement for ${statementFor.customerName}` : 'Statement'}
      // Mantine's close button has no name of its own.
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {statementFor && (
        <StatementForm statementFor={statementFor} asOf={props.asOf} onClose={props.onClose} />
      )}
    </Modal>
  );
}
