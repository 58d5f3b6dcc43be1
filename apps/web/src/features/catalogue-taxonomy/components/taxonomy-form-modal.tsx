import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { z } from 'zod';
import { bodySchemaOf } from '#lib/forms/body-schema.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
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
  props: Props<T, S, V> & { form: UseFormReturnType<V> },
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
      {...form.getInputProps(spec.field)}
    />
  ));
}

function TaxonomyForm<T extends TaxonomyItem, S extends z.ZodType, V extends TaxonomyValues>(
  props: Props<T, S, V> & { label: string; onDone: () => void },
) {
  const { kind, item } = props;
  const create = useCreateTaxonomyItem(kind);
  const update = useUpdateTaxonomyItem(kind);
  // A native form: Enter in any field submits, and the contract checks the input before it is sent.
  const { form, formError, formProps, submitProps, isSubmitting } = useContractForm({
    initialValues: item ? kind.valuesOf(item) : kind.emptyValues,
    schema: bodySchemaOf(kind.endpoints.create),
    toInput: kind.inputOf,
    handledErrorCodes: TAXONOMY_FORM_ERROR_CODES,
    onSubmit: async (body) => {
      const saved = item ? await update.mutateAsync({ id: item.id, body }) : await create.mutateAsync(body);
      showSuccessToast(`“${saved.name}” ${item ? 'saved' : 'added'}`);
      props.onDone();
    },
    // The modal closes on success; the button stays busy while it goes.
    isLeavingOnSuccess: true,
  });

  return (
    <form {...formProps} aria-label={props.label}>
      <Stack gap="md">
        <FormErrorAlert message={formError} />
        <TextFields kind={kind} item={item} form={form} />
        {kind.renderMoreFields?.({ form, item })}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onDone} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button {...submitProps}>{item ? 'Save' : `Add ${kind.singular}`}</Button>
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
