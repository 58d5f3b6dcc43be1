import { Button, Group, Stack } from '@mantine/core';
import type { Product } from '@tradeport/contract';
import { type FormEvent, type ReactNode, useRef } from 'react';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { useFormState } from '#lib/use-form-state.ts';
import {
  type ProductBody,
  type ProductFormValues,
  productSaveFailure,
  validateProduct,
} from '../model/product-form.ts';
import { ProductFormFields } from './product-form-fields.tsx';

/**
 * The one product form, for creating and editing. It checks the values with the contract before
 * anything is sent, and puts the server's refusals on the fields they name.
 */
export function ProductForm(props: {
  initialValues: ProductFormValues;
  label: string;
  submitLabel: string;
  save: (body: ProductBody) => Promise<Product>;
  onSaved: (product: Product) => void;
  /** Edits only: the server had a newer version than the one edited. */
  onStale?: () => void;
  /** Above the fields: a stale-edit notice, for one. */
  notice?: ReactNode;
  /** Saving moves to another page, so the button stays busy until it has gone. */
  isLeavingOnSave?: boolean;
}) {
  const form = useFormState(props.initialValues);
  const formRef = useRef<HTMLFormElement>(null);

  // The first field in trouble gets the focus, so a keyboard user lands on what to fix.
  const focusFirstError = () =>
    setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.isSubmitting) return;
    form.clearErrors();
    const checked = validateProduct(form.values);
    if (!checked.ok) {
      form.setFieldErrors(checked.errors);
      focusFirstError();
      return;
    }
    form.setIsSubmitting(true);
    try {
      const saved = await props.save(checked.body);
      if (!props.isLeavingOnSave) form.setIsSubmitting(false);
      props.onSaved(saved);
    } catch (error) {
      form.setIsSubmitting(false);
      const failure = productSaveFailure(error, { isEdit: props.onStale !== undefined });
      if (failure?.isStale) props.onStale?.();
      else if (failure) {
        form.showFailure(failure);
        focusFirstError();
      }
    }
  };

  return (
    <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate aria-label={props.label}>
      <Stack gap="lg">
        {props.notice}
        <FormErrorAlert message={form.formError} />
        <ProductFormFields form={form} disabled={form.isSubmitting} />
        <Group justify="flex-end">
          <Button type="submit" loading={form.isSubmitting}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
