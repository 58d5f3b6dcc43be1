import { Fieldset, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { BANK_ACCOUNT_NAME_MAX } from '@tradeport/contract';
import { useId } from 'react';
import type { BankAccountField } from './organisation-form.ts';

/**
 * A merchant's bank account, printed on its tax invoices so customers can pay by transfer. All
 * three or none: the contract names the ones missing.
 */
export function BankAccountFields(props: {
  inputProps: (field: BankAccountField) => GetInputPropsReturnType;
  disabled?: boolean;
}) {
  const { inputProps } = props;
  const noteId = useId();
  return (
    <Fieldset legend="Bank account for payments" disabled={props.disabled} aria-describedby={noteId}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed" id={noteId}>
          Printed on your tax invoices so customers can pay by bank transfer. Leave all three empty to print
          none.
        </Text>
        <TextInput
          label="Account name"
          maxLength={BANK_ACCOUNT_NAME_MAX}
          {...inputProps('bank_account_name')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="BSB" inputMode="numeric" placeholder="062-000" {...inputProps('bank_bsb')} />
          <TextInput
            label="Account number"
            inputMode="numeric"
            placeholder="6 to 10 digits"
            {...inputProps('bank_account_number')}
          />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}
