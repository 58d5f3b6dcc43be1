import { Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  type Payment,
  PAYMENT_NOTES_MAX,
  PAYMENT_REFERENCE_MAX,
  RecordPaymentInput,
} from '@tradeport/contract';
import { useState } from 'react';
import { errorProps, useContractForm } from '#lib/forms/use-contract-form.ts';
import { useIdempotencyKey } from '#lib/idempotency-key.ts';
import { todayInBrowser } from '#lib/format.ts';
import { centsToDollarsText, parseDollarsToCents } from '#lib/money-input.ts';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { useOwingOrders } from '../api/owing-orders.ts';
import { RECORD_PAYMENT_REFUSALS, useRecordPayment } from '../api/record-payment.ts';
import { allocationProblems } from '../model/allocation.ts';
import { placeAllocationRefusal } from '../model/place-allocation-refusal.ts';
import { RECORDABLE_METHOD_OPTIONS, RECORDABLE_STATE_OPTIONS } from '../model/payment-labels.ts';
import { useAllocation } from '../model/use-allocation.ts';
import { AllocationFields, type OwingOrderRow } from './allocation-fields.tsx';
import { AllocationSummary } from './allocation-summary.tsx';
import { CustomerSelect, type PickedCustomer } from '#shared/customer-picker/customer-select.tsx';

const AMOUNT = { name: 'amount received', example: '250.00' };
const CUSTOMER_FIELD = 'customer_organisation_id';
const FIELDS = ['method', 'state', 'paid_on', 'amount', 'reference', 'notes'] as const;
const ALIASES = { amount_cents: 'amount' };
/** The form's name for the error of one order's allocation. */
const rowField = (orderId: string) => `allocation-${orderId}`;

const centsOf = (text: string) => {
  const parsed = parseDollarsToCents(text, AMOUNT);
  return parsed.ok && parsed.cents !== null ? parsed.cents : Number.NaN;
};

/** Today in the browser's calendar: the day a payment recorded now was most likely received. */
const today = todayInBrowser;

export type RecordPaymentStart = {
  customer: PickedCustomer;
  amountCents: number | null;
  /** The order it was opened for, allocated first. */
  firstOrderId: string | null;
};

/**
 * Records a payment received outside Tradeport (SPEC §3's methods but Stripe card and Account
 * Credit, which have their own flows) and allocates it across the customer's orders that owe,
 * prefilled oldest first and editable per order; what is left over becomes account credit. The
 * allocations are checked as they are typed, and the server's 422 lands on the order or the
 * amount it names. One Idempotency-Key per opening: a double submit records one payment.
 */
export function RecordPaymentForm(props: {
  start: RecordPaymentStart;
  onRecorded: (payment: Payment) => void;
  onClose: () => void;
}) {
  const record = useRecordPayment(useIdempotencyKey());
  const [customer, setCustomer] = useState<PickedCustomer>(props.start.customer);
  const ordersQuery = useOwingOrders(customer?.value ?? null);
  const orders: OwingOrderRow[] = (ordersQuery.data?.items ?? []).map((order) => ({
    id: order.id,
    number: order.number,
    outstanding_cents: order.outstanding_cents,
    due_date: order.due_date,
    is_overdue: order.is_overdue,
  }));
  const [paidOn] = useState(today);

  const { form, formError, formProps, submitProps, fieldError, isSubmitting } = useContractForm({
    initialValues: {
      method: 'BANK_TRANSFER',
      state: 'SUCCESSFUL',
      paid_on: paidOn,
      amount: centsToDollarsText(props.start.amountCents),
      reference: '',
      notes: '',
    },
    schema: RecordPaymentInput,
    toInput: (values) => ({
      customer_organisation_id: customer?.value ?? '',
      method: values.method,
      state: values.state,
      amount_cents: centsOf(values.amount),
      paid_on: values.paid_on,
      reference: values.reference,
      notes: values.notes,
      allocations: allocation.allocations,
    }),
    moreErrors: (values) => {
      const errors: Record<string, string> = {};
      if (!customer) errors[CUSTOMER_FIELD] = 'Choose the customer who paid';
      const amount = parseDollarsToCents(values.amount, AMOUNT);
      if (!amount.ok) errors.amount = amount.message;
      else if (!amount.cents) errors.amount = 'Enter the amount received';
      for (const [orderId, message] of Object.entries(problems.orders)) errors[rowField(orderId)] = message;
      if (problems.total) errors.amount ??= problems.total;
      return errors as Partial<Record<keyof typeof values, string>>;
    },
    otherFields: [CUSTOMER_FIELD, ...orders.map((order) => rowField(order.id))],
    aliases: ALIASES,
    handledErrorCodes: RECORD_PAYMENT_REFUSALS,
    onSubmit: async (body) => props.onRecorded(await record.mutateAsync(body)),
    // The server names an allocation by its place in the request; the form shows it on its order.
    onFailure: (failure, error) =>
      placeAllocationRefusal({
        failure,
        error,
        handledErrorCodes: RECORD_PAYMENT_REFUSALS,
        sent: allocation.allocations,
        rowField,
        fields: [...FIELDS, CUSTOMER_FIELD],
        aliases: ALIASES,
      }),
  });

  const typedAmount = parseDollarsToCents(form.values.amount);
  const amountCents = typedAmount.ok ? typedAmount.cents : null;
  const allocation = useAllocation({ orders, amountCents, firstOrderId: props.start.firstOrderId });
  const problems = allocationProblems({
    orders,
    text: allocation.text,
    availableCents: amountCents,
    what: 'the payment’s',
  });
  const rowErrors = Object.fromEntries(
    orders.map((order) => [order.id, problems.orders[order.id] ?? fieldError(rowField(order.id))]),
  );

  return (
    <form {...formProps} aria-label="Record payment">
      <Stack gap="md">
        <FormErrorAlert message={formError} />
        <CustomerSelect
          label="Customer"
          placeholder="Choose a customer"
          value={customer}
          onChange={(picked) => {
            setCustomer(picked);
            allocation.followAmount();
            form.clearFieldError(CUSTOMER_FIELD);
          }}
          error={fieldError(CUSTOMER_FIELD)}
          required
          disabled={isSubmitting}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label="Method"
            data={RECORDABLE_METHOD_OPTIONS}
            allowDeselect={false}
            errorProps={errorProps}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('method')}
          />
          <Select
            label="State"
            data={RECORDABLE_STATE_OPTIONS}
            allowDeselect={false}
            errorProps={errorProps}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('state')}
          />
          <TextInput
            type="date"
            label="Date received"
            withAsterisk
            errorProps={errorProps}
            {...form.getInputProps('paid_on')}
          />
          <TextInput
            label="Amount"
            leftSection="$"
            inputMode="decimal"
            withAsterisk
            errorProps={errorProps}
            {...form.getInputProps('amount')}
          />
        </SimpleGrid>
        <TextInput
          label="Reference"
          description="The bank's reference, a receipt number…"
          maxLength={PAYMENT_REFERENCE_MAX}
          errorProps={errorProps}
          {...form.getInputProps('reference')}
        />
        {customer && (
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
            noOrders={`${customer.label} has no orders that owe: the whole payment becomes account credit.`}
            summary={
              <AllocationSummary
                allocatedCents={allocation.allocatedCents}
                availableCents={amountCents}
                of="the payment"
                leftOver={`becomes account credit for ${customer.label}`}
                problem={problems.total}
              />
            }
            disabled={isSubmitting}
          />
        )}
        <Textarea
          label="Notes"
          // Not autosize: it needs document.fonts, which jsdom lacks.
          rows={2}
          maxLength={PAYMENT_NOTES_MAX}
          errorProps={errorProps}
          {...form.getInputProps('notes')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button {...submitProps} disabled={Boolean(customer) && ordersQuery.isPending}>
            Record payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
