import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import type { z } from 'zod';
import { bodySchemaOf } from '#lib/form-errors.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { errorProps, type FormState, useFormState } from '#lib/use-form-state.ts';
import { useCreateTaxonomyItem } from '../api/create-taxonomy-item.ts';
import { TAXONOMY_FORM_ERROR_CODES } from '../api/taxonomy-error-codes.ts';
import { useUpdateTaxonomyItem } from '../api/update-taxonomy-item.ts';
import type { TaxonomyItem, TaxonomyKind, TaxonomyValues } from '../model/taxonomy-kind.ts';

type Props<T extends TaxonomyItem, S extends z.ZodType, V extends TaxonomyValues> = {
  kind: TaxonomyKind<T, S, V>;
  /** The record being edited; null to add one. */
  item: T | null;
};

function TextFields<T extends TaxonomyItem, S extends z.ZodType, V extends TaxonomyValues>(
  props: Props<T, S, V> & { form: FormState<V> },
) {
  const { form } = props;
  return props.kind.textFields.map((spec, index) => (
    <TextInput
      key={spec.field}
      label={spec.label}
      type={spec.type ?? 'text'}
      description={spec.description}
      required={spec.isRequired}
      autoComplete="off"
      // The modal puts focus here on opening, so typing can start at once.
      data-autofocus={index === 0 || undefined}
      value={form.values[spec.field]}
      onChange={(event) => form.setValue(spec.field, event.currentTarget.value as V[typeof spec.field])}
      error={form.fieldErrors[spec.field]}
      errorProps={errorProps}
    />
  ));
}

function TaxonomyForm<T extends TaxonomyItem, S extends z.ZodType, V extends TaxonomyValues>(
  props: Props<T, S, V> & { label: string; onDone: () => void },
) {
  const { kind, item } = props;
  const create = useCreateTaxonomyItem(kind);
  const update = useUpdateTaxonomyItem(kind);
  const form = useFormState<V>(() => (item ? kind.valuesOf(item) : kind.emptyValues));

  // A native form: Enter in any field submits, and the contract checks the input before it is sent.
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await form.submit({
      schema: bodySchemaOf(kind.endpoints.create),
      input: kind.inputOf(form.values),
      fields: kind.fields,
      handledErrorCodes: TAXONOMY_FORM_ERROR_CODES,
      send: async (body) => {
        const saved = item ? await update.mutateAsync({ id: item.id, body }) : await create.mutateAsync(body);
        showSuccessToast(`“${saved.name}” ${item ? 'saved' : 'added'}`);
        props.onDone();
      },
      // The modal closes on success; the button stays busy while it goes.
      isLeavingOnSuccess: true,
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={props.label}>
      <Stack gap="md">
        <FormErrorAlert message={form.formError} />
        <TextFields kind={kind} item={item} form={form} />
        {kind.renderMoreFields?.({ form, item })}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onDone} disabled={form.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={form.isSubmitting}>
            {item ? 'Save' : `Add ${kind.singular}`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Add or edit one record. The form lives inside the modal, which unmounts it on close, so each
 * opening starts from the record (or blank) rather than from the last attempt.
 */
export function TaxonomyFormModal<T extends TaxonomyItem, S extends z.ZodType, V extends TaxonomyValues>(
  props: Props<T, S, V> & { opened: boolean; onClose: () => void },
) {
  const label = props.item ? `Edit ${props.item.name}` : `Add ${props.kind.singular}`;
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={label}>
      <TaxonomyForm
        key={props.item?.id ?? 'new'}
        kind={props.kind}
        item={props.item}
        label={label}
        onDone={props.onClose}
      />
    </Modal>
  );
}
