import { Button, Group, Modal, NativeSelect, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { type GroupSummary, TierPercentOffInput } from '@tradeport/contract';
import { useState } from 'react';
import { ADMIN_ONLY_REASON } from '#lib/access.ts';
import { ApiError } from '#lib/api-error.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { type ScopeKind, useScopeOptions } from '../api/scope-options.ts';
import { useSetTierPercentOff } from '../api/set-tier-percent-off.ts';

type Values = { scope: ScopeKind; brand_id: string; category_id: string; percent_off: string };

const INITIAL_VALUES: Values = { scope: 'brand', brand_id: '', category_id: '', percent_off: '' };

const SCOPES: { value: ScopeKind; label: string }[] = [
  { value: 'brand', label: 'By brand' },
  { value: 'category', label: 'By category' },
];

/** What is sent: the chosen brand or category, and the percentage exactly as typed (never rounded). */
function inputOf(values: Values) {
  const text = values.percent_off.trim();
  const id = values.scope === 'brand' ? values.brand_id : values.category_id;
  return {
    ...(id ? { [`${values.scope}_id`]: id } : {}),
    // Blank is no number at all (Number('') would be 0); anything else is the schema's to judge.
    percent_off: text === '' ? undefined : Number(text),
  };
}

function moreErrors(values: Values): Partial<Record<keyof Values, string>> {
  if (values.scope === 'brand' && !values.brand_id) return { brand_id: 'Choose a brand' };
  if (values.scope === 'category' && !values.category_id) return { category_id: 'Choose a category' };
  return {};
}

const pricesLabel = (count: number) => `${count} ${count === 1 ? 'price' : 'prices'}`;

/** The brand or category choice, narrowed on the server once there are more than one page of them. */
function ScopeSelect(props: { kind: ScopeKind; inputProps: GetInputPropsReturnType }) {
  const [search, setSearch] = useState('');
  const options = useScopeOptions(props.kind, search.trim() || null);
  const label = props.kind === 'brand' ? 'Brand' : 'Category';
  const items = options.data?.items ?? [];
  const hasMore = Boolean(options.data?.next_cursor) || search !== '';
  return (
    <Stack gap={4}>
      {hasMore && (
        <TextInput
          type="search"
          label={`Find a ${props.kind}`}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      )}
      <NativeSelect
        label={label}
        {...props.inputProps}
        // The form's own `disabled` (while sending) wins when it is set.
        disabled={options.isPending || Boolean((props.inputProps as { disabled?: boolean }).disabled)}
        data={[
          { value: '', label: options.isPending ? 'Loading…' : `Choose a ${props.kind}…` },
          ...items.map((item) => ({ value: item.id, label: item.name })),
        ]}
      />
    </Stack>
  );
}

function PercentOffForm(props: { tier: GroupSummary; onDone: () => void }) {
  const { tier } = props;
  const setPercentOff = useSetTierPercentOff(tier.id);
  const { form, formError, formProps, submitProps, isSubmitting } = useContractForm({
    initialValues: INITIAL_VALUES,
    schema: TierPercentOffInput,
    toInput: inputOf,
    moreErrors,
    handledErrorCodes: ['VALIDATION_ERROR', 'NOT_FOUND', 'FORBIDDEN'],
    onSubmit: async (body) => {
      const { matched, changed } = await setPercentOff.mutateAsync(body);
      const unchanged = matched - changed;
      showSuccessToast(
        matched === 0
          ? `No current products there: no prices were set in “${tier.name}”`
          : `Set ${pricesLabel(matched)} in “${tier.name}” to ${body.percent_off}% off the base price${
              unchanged > 0 ? ` (${unchanged} were already)` : ''
            }`,
      );
      props.onDone();
    },
    onFailure: (failure, error) => {
      if (!(error instanceof ApiError)) return failure;
      // The form hook reads the level again on a FORBIDDEN.
      if (error.code === 'FORBIDDEN')
        return { fieldErrors: {}, formError: `No prices were set. ${ADMIN_ONLY_REASON}` };
      if (error.code === 'NOT_FOUND')
        return { fieldErrors: {}, formError: `No prices were set: ${error.message}` };
      return failure;
    },
  });
  const scope = form.values.scope;

  return (
    <form {...formProps} aria-label="Set prices by brand or category">
      <Stack gap="md">
        <Text size="sm">
          Each current product of the brand or category (with its sub-categories) gets a price in this tier:
          its base price less the percentage, rounded to the cent. Products added to the brand or category
          later keep their base price until you price them or do this again.
        </Text>
        <FormErrorAlert message={formError} />
        <SegmentedControl
          aria-label="Set prices for"
          data={SCOPES}
          value={scope}
          disabled={isSubmitting}
          onChange={(value) => form.setFieldValue('scope', value === 'category' ? 'category' : 'brand')}
        />
        {scope === 'brand' ? (
          <ScopeSelect key="brand" kind="brand" inputProps={form.getInputProps('brand_id')} />
        ) : (
          <ScopeSelect key="category" kind="category" inputProps={form.getInputProps('category_id')} />
        )}
        <TextInput
          label="Percentage off the base price"
          description="From 0 to 100, up to 2 decimals: 10 sets $4.50 to $4.05."
          inputMode="decimal"
          rightSection="%"
          autoComplete="off"
          {...form.getInputProps('percent_off')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onDone} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button {...submitProps}>Set prices</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Set prices by brand or category": the form lives in the modal, so each opening starts afresh. */
export function PercentOffModal(props: { tier: GroupSummary; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Set prices by brand or category" size="md">
      <PercentOffForm tier={props.tier} onDone={props.onClose} />
    </Modal>
  );
}
