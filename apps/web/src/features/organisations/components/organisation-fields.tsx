import { Fieldset, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { AU_STATES } from '@tradeport/contract';
import type { ChangeEvent } from 'react';
import { type OrganisationForm, suggestSlug } from './organisation-form.ts';

const STATE_OPTIONS = AU_STATES.map((state) => ({ value: state, label: state }));

/**
 * The details of an organisation, shared by sign-up and the details page. While `isSlugEdited` is
 * false the slug follows the title; typing into it makes it the person's own. Only a merchant has a
 * sign-in address: `hasSlug` is false for a customer organisation, which is shown no such field.
 */
export function OrganisationFields(props: {
  form: OrganisationForm;
  isSlugEdited: boolean;
  onSlugEdited: () => void;
  hasSlug?: boolean;
  disabled?: boolean;
}) {
  const { form, isSlugEdited, onSlugEdited, disabled, hasSlug = true } = props;
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  const onTitleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const title = event.currentTarget.value;
    form.setFieldValue('title', title);
    if (hasSlug && !isSlugEdited) form.setFieldValue('slug', suggestSlug(title));
  };

  const onSlugChange = (event: ChangeEvent<HTMLInputElement>) => {
    onSlugEdited();
    form.setFieldValue('slug', event.currentTarget.value);
  };

  return (
    <Stack gap="lg">
      <Fieldset legend="Business" disabled={disabled}>
        <Stack gap="sm">
          <TextInput
            label="Business name"
            autoComplete="organization"
            required
            {...form.getInputProps('title')}
            onChange={onTitleChange}
          />
          {hasSlug && (
            <TextInput
              label="Sign-in address (slug)"
              description={`Your customers sign in at ${origin}/sign-in?merchant=${form.values.slug || 'your-slug'}`}
              required
              {...form.getInputProps('slug')}
              onChange={onSlugChange}
            />
          )}
          <TextInput label="ABN" inputMode="numeric" placeholder="11 digits" {...form.getInputProps('abn')} />
        </Stack>
      </Fieldset>
      <Fieldset legend="Address" disabled={disabled}>
        <Stack gap="sm">
          <TextInput
            label="Address line 1"
            autoComplete="address-line1"
            {...form.getInputProps('address_line1')}
          />
          <TextInput
            label="Address line 2"
            autoComplete="address-line2"
            {...form.getInputProps('address_line2')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput label="Suburb" autoComplete="address-level2" {...form.getInputProps('suburb')} />
            <Select
              label="State"
              data={STATE_OPTIONS}
              {...form.getInputProps('state')}
              value={form.values.state || null}
              onChange={(value) => form.setFieldValue('state', value ?? '')}
              clearable
              allowDeselect
            />
            <TextInput
              label="Postcode"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={4}
              {...form.getInputProps('postcode')}
            />
          </SimpleGrid>
        </Stack>
      </Fieldset>
      <Fieldset legend="Contact" disabled={disabled}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Phone" type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
          <TextInput
            label="Contact email"
            type="email"
            autoComplete="email"
            {...form.getInputProps('contact_email')}
          />
        </SimpleGrid>
      </Fieldset>
    </Stack>
  );
}
