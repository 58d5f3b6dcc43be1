import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ApplyCreditInput, type Credit, type Payment } from '@tradeport/contract';
import { formatMoney } from '#lib/format.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { useIdempotencyKey } from '#lib/idempotency-key.ts';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { useIsPhone } from '#lib/use-is-phone.ts';
import { CREDIT_REFUSALS, useApplyCredit } from '../api/credit-actions.ts';
import { useOwingOrders } from '../api/owing-orders.ts';
import { allocationProblems } from '../model/allocation.ts';
import { creditTitle } from '../model/payment-labels.ts';
import { placeAllocationRefusal } from '../model/place-allocation-refusal.ts';
import { useAllocation } from '../model/use-allocation.ts';
import { AllocationFields, type OwingOrderRow } from './allocation-fields.tsx';
import { AllocationSummary } from './allocation-summary.tsx';

const rowField = (orderId: string) => `allocation-${orderId}`;

/**
 * Applies what remains of a credit to the customer's orders that owe (a payment by Account
 * Credit), prefilled oldest first and editable; what is not applied stays on the credit. One
 * Idempotency-Key per opening, so a double submit applies it once.
 */
export function ApplyCreditDialog(props: {
  credit: Credit;
  onApplied: (payment: Payment) => void;
  onClose: () => void;
}) {
  const { credit } = props;
  const isPhone = useIsPhone();
  const apply = useApplyCredit(credit, useIdempotencyKey());
  const ordersQuery = useOwingOrders(credit.customer.organisation_id);
  const orders: OwingOrderRow[] = (ordersQuery.data?.items ?? []).map((order) => ({
    id: order.id,
    number: order.number,
    outstanding_cents: order.outstanding_cents,
    due_date: order.due_date,
    is_overdue: order.is_overdue,
  }));
  const allocation = useAllocation({ orders, amountCents: credit.remaining_cents });
  const problems = allocationProblems({
    orders,
    text: allocation.text,
    availableCents: credit.remaining_cents,
    what: 'the credit’s remaining',
  });

  const { formError, formProps, submitProps, fieldError, isSubmitting, form } = useContractForm({
    initialValues: {},
    schema: ApplyCreditInput,
    toInput: () => ({ allocations: allocation.allocations }),
    moreErrors: () => {
      const errors: Record<string, string> = {};
      for (const [orderId, message] of Object.entries(problems.orders)) errors[rowField(orderId)] = message;
      return errors;
    },
    otherFields: orders.map((order) => rowField(order.id)),
    handledErrorCodes: CREDIT_REFUSALS,
    onSubmit: async (body) => props.onApplied(await apply.mutateAsync(body)),
    onFailure: (failure, error) =>
      placeAllocationRefusal({
        failure,
        error,
        handledErrorCodes: CREDIT_REFUSALS,
        sent: allocation.allocations,
        rowField,
        fields: [],
      }),
  });
  const rowErrors = Object.fromEntries(
    orders.map((order) => [order.id, problems.orders[order.id] ?? fieldError(rowField(order.id))]),
  );
  const canApply = allocation.allocatedCents > 0 && problems.total === null;

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={`Apply ${creditTitle(credit).toLowerCase()}`}
      size="lg"
      fullScreen={isPhone}
      // Mantine's close button carries only an icon; this gives it a name (axe: button-name).
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form {...formProps} aria-label="Apply credit">
        <Stack gap="md">
          <FormErrorAlert message={formError} />
          <Text size="sm">
            {`${formatMoney(credit.remaining_cents)} of ${credit.customer.name}’s credit remains. It pays the orders below as a payment by Account Credit.`}
          </Text>
          <AllocationFields
            orders={orders}
            query={ordersQuery}
            text={allocation.text}
            errors={rowErrors}
            onChange={(orderId, value) => {
              allocation.setRow(orderId, value);
              form.clearFieldError(rowField(orderId));
            }}
            onAllocateOldestFirst={allocation.followAmount}
            noOrders={`${credit.customer.name} has no orders that owe: there is nothing to apply the credit to.`}
            summary={
              <AllocationSummary
                allocatedCents={allocation.allocatedCents}
                availableCents={credit.remaining_cents}
                of="the credit"
                leftOver="stays on the credit"
                problem={problems.total}
              />
            }
            disabled={isSubmitting}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button {...submitProps} disabled={!canApply}>
              {allocation.allocatedCents > 0
                ? `Apply ${formatMoney(allocation.allocatedCents)}`
                : 'Apply credit'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
