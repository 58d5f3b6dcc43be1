import { NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { AU_STATES } from '@tradeport/contract';
import type { UseFormReturnType } from '@mantine/form';
import type { CustomerDetailsValues } from '../model/customer-form.ts';

const STATE_OPTIONS = [{ value: '', label: 'Choose a state' }, ...AU_STATES];

type Props = { form: UseFormReturnType<CustomerDetailsValues> };

/** Business name, ABN, contact and address: the same fields when adding and when editing. */
export function CustomerDetailsFields({ form }: Props) {
  const text = (field: keyof CustomerDetailsValues) => form.getInputProps(field);

  return (
    <Stack gap="sm">
      <TextInput label="Business name" required autoComplete="organization" {...text('title')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="ABN"
          description="Optional. 11 digits; spaces are fine."
          inputMode="numeric"
          {...text('abn')}
        />
        <TextInput label="Phone" type="tel" autoComplete="tel" {...text('phone')} />
      </SimpleGrid>
      <TextInput
        label="Contact email"
        description="Where invoices and order updates go."
        type="email"
        autoComplete="email"
        {...text('contact_email')}
      />
      <TextInput label="Address line 1" autoComplete="address-line1" {...text('address_line1')} />
      <TextInput label="Address line 2" autoComplete="address-line2" {...text('address_line2')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput label="Suburb" autoComplete="address-level2" {...text('suburb')} />
        <NativeSelect label="State" data={STATE_OPTIONS} {...text('state')} />
        <TextInput
          label="Postcode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={4}
          {...text('postcode')}
        />
      </SimpleGrid>
    </Stack>
  );
}
