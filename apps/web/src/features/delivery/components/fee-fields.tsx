import { Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MAX_FEE_BANDS } from '@tradeport/contract';
import { errorProps } from '#lib/forms/use-contract-form.ts';
import { type MethodFormValues, newBandRow } from '../model/method-form.ts';

type Form = UseFormReturnType<MethodFormValues>;

function BandRows(props: { form: Form; disabled: boolean }) {
  const { form } = props;
  const rows = form.getValues().fee_bands;
  const listError = form.errors.fee_bands;
  return (
    <Stack gap="xs">
      {rows.map((row, index) => (
        <Group key={row.key} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            label={`Band ${index + 1}: from subtotal`}
            leftSection="$"
            inputMode="decimal"
            autoComplete="off"
            style={{ flex: 1 }}
            {...form.getInputProps(`fee_bands.${index}.from`)}
          />
          <TextInput
            label={`Band ${index + 1}: fee`}
            leftSection="$"
            inputMode="decimal"
            autoComplete="off"
            style={{ flex: 1 }}
            {...form.getInputProps(`fee_bands.${index}.fee`)}
          />
          <Button
            variant="subtle"
            color="red"
            mt={25}
            px="xs"
            aria-label={`Remove band ${index + 1}`}
            disabled={props.disabled}
            onClick={() => form.removeListItem('fee_bands', index)}
          >
            Remove
          </Button>
        </Group>
      ))}
      {typeof listError === 'string' && (
        <Text size="sm" c="red" {...errorProps}>
          {listError}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          size="compact-sm"
          disabled={props.disabled || rows.length >= MAX_FEE_BANDS}
          onClick={() => form.insertListItem('fee_bands', newBandRow(rows.length === 0 ? '0' : ''))}
        >
          Add band
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The fee: one amount, or bands by order subtotal (ex GST) where the highest band reached wins;
 * then the subtotal from which delivery is free, and the minimum order.
 */
export function FeeFields(props: { form: Form; disabled: boolean }) {
  const { form } = props;
  const mode = form.getValues().fee_mode;
  return (
    <Stack gap="sm">
      <Radio.Group
        label="Fee"
        description="Amounts are ex GST; GST is added to the fee on the invoice."
        {...form.getInputProps('fee_mode')}
        onChange={(value) => {
          form.setFieldValue('fee_mode', value as MethodFormValues['fee_mode']);
          if (value === 'bands' && form.getValues().fee_bands.length === 0) {
            form.setFieldValue('fee_bands', [newBandRow('0', form.getValues().fee)]);
          }
        }}
      >
        <Group mt="xs">
          <Radio value="fixed" label="One fee" disabled={props.disabled} />
          <Radio value="bands" label="By order subtotal" disabled={props.disabled} />
        </Group>
      </Radio.Group>
      {mode === 'fixed' ? (
        <TextInput
          label="Fee (ex GST)"
          leftSection="$"
          inputMode="decimal"
          autoComplete="off"
          description="0 for a free method."
          {...form.getInputProps('fee')}
        />
      ) : (
        <BandRows form={form} disabled={props.disabled} />
      )}
      <Group grow align="flex-start">
        <TextInput
          label="Free for orders from (ex GST)"
          leftSection="$"
          inputMode="decimal"
          autoComplete="off"
          description="Blank: never free."
          {...form.getInputProps('free_above')}
        />
        <TextInput
          label="Minimum order (ex GST)"
          leftSection="$"
          inputMode="decimal"
          autoComplete="off"
          description="Blank: no minimum."
          {...form.getInputProps('minimum_order')}
        />
      </Group>
    </Stack>
  );
}
