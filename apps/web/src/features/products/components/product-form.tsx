import { Button, Group, Stack } from '@mantine/core';
import { type Product, ProductInput } from '@tradeport/contract';
import type { ReactNode } from 'react';
import { ApiError } from '#lib/api-error.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import {
  PRODUCT_FIELD_ALIASES,
  type ProductBody,
  type ProductFormValues,
  productErrors,
  productInputOf,
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
  const { form, fieldError, formError, formProps, submitProps, isSubmitting } = useContractForm({
    initialValues: props.initialValues,
    schema: ProductInput,
    toInput: productInputOf,
    moreErrors: productErrors,
    aliases: PRODUCT_FIELD_ALIASES,
    // A 409 naming a field (body.sku) is about that field; on an edit, one naming none is a stale version.
    handledErrorCodes: ['VALIDATION_ERROR', 'CONFLICT'],
    isLeavingOnSuccess: props.isLeavingOnSave,
    onSubmit: async (body) => props.onSaved(await props.save(body)),
    onFailure: (failure, error) => {
      const isStale =
        props.onStale !== undefined &&
        error instanceof ApiError &&
        error.code === 'CONFLICT' &&
        Object.keys(failure.fieldErrors).length === 0;
      if (!isStale) return failure;
      props.onStale?.();
      return { fieldErrors: {}, formError: null };
    },
  });

  return (
    <form {...formProps} aria-label={props.label}>
      <Stack gap="lg">
        {props.notice}
        <FormErrorAlert message={formError} />
        <ProductFormFields form={form} disabled={isSubmitting} imageError={fieldError('image')} />
        <Group justify="flex-end">
          <Button {...submitProps}>{props.submitLabel}</Button>
        </Group>
      </Stack>
    </form>
  );
}
