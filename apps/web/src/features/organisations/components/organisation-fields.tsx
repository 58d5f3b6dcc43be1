import { Fieldset, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { AU_STATES } from '@tradeport/contract';
import type { ChangeEvent } from 'react';
import type { FormState } from '#lib/use-form-state.ts';
import { type OrganisationFormValues, suggestSlug } from './organisation-form.ts';

type OrganisationFormState = FormState<OrganisationFormValues>;

const STATE_OPTIONS = AU_STATES.map((state) => ({ value: state, label: state }));

/**
 * The details of an organisation, shared by sign-up and the details page. While `isSlugEdited` is
 * false the slug follows the title; typing into it makes it the person's own.
 */
export function OrganisationFields(props: {
  form: OrganisationFormState;
  isSlugEdited: boolean;
  onSlugEdited: () => void;
  disabled?: boolean;
}) {
  const { form, isSlugEdited, onSlugEdited, disabled } = props;
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  const onTitleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const title = event.currentTarget.value;
    form.setValue('title', title);
    if (!isSlugEdited) form.setValue('slug', suggestSlug(title));
  };

  const onSlugChange = (event: ChangeEvent<HTMLInputElement>) => {
    onSlugEdited();
    form.setValue('slug', event.currentTarget.value);
  };

  return (
    <Stack gap="lg">
      <Fieldset legend="Business" disabled={disabled}>
        <Stack gap="sm">
          <TextInput
            label="Business name"
            autoComplete="organization"
            required
            {...form.textProps('title')}
            onChange={onTitleChange}
          />
          <TextInput
            label="Sign-in address (slug)"
            description={`Your customers sign in at ${origin}/sign-in?merchant=${form.values.slug || 'your-slug'}`}
            required
            {...form.textProps('slug')}
            onChange={onSlugChange}
          />
          <TextInput label="ABN" inputMode="numeric" placeholder="11 digits" {...form.textProps('abn')} />
        </Stack>
      </Fieldset>
      <Fieldset legend="Address" disabled={disabled}>
        <Stack gap="sm">
          <TextInput
            label="Address line 1"
            autoComplete="address-line1"
            {...form.textProps('address_line1')}
          />
          <TextInput
            label="Address line 2"
            autoComplete="address-line2"
            {...form.textProps('address_line2')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput label="Suburb" autoComplete="address-level2" {...form.textProps('suburb')} />
            <Select
              label="State"
              data={STATE_OPTIONS}
              value={form.values.state || null}
              onChange={(value) => form.setValue('state', value ?? '')}
              error={form.fieldErrors.state}
              errorProps={form.errorProps}
              clearable
              allowDeselect
            />
            <TextInput
              label="Postcode"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={4}
              {...form.textProps('postcode')}
            />
          </SimpleGrid>
        </Stack>
      </Fieldset>
      <Fieldset legend="Contact" disabled={disabled}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Phone" type="tel" autoComplete="tel" {...form.textProps('phone')} />
          <TextInput
            label="Contact email"
            type="email"
            autoComplete="email"
            {...form.textProps('contact_email')}
          />
        </SimpleGrid>
      </Fieldset>
    </Stack>
  );
}
