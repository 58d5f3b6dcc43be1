import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type Product, ProductInput } from '@tradeport/contract';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { PRODUCT_FORM_ERROR_CODES, useCreateProduct } from '../api/save-product.ts';
import {
  EMPTY_PRODUCT,
  PRODUCT_FIELD_ALIASES,
  productErrors,
  productInputOf,
} from '../model/product-form.ts';
import { GstSwitch, NameAndSkuFields } from './product-form-fields.tsx';

/**
 * A product in four fields (name, SKU, price, GST), for sign-up's products step: the same form
 * values, rules and request as the full product form, the rest left at their defaults to fill in
 * later. It empties after each product, ready for the next.
 */
export function QuickAddProductForm(props: { onAdded: (product: Product) => void }) {
  const create = useCreateProduct();
  const { form, formError, formProps, submitProps } = useContractForm({
    initialValues: EMPTY_PRODUCT,
    schema: ProductInput,
    toInput: productInputOf,
    moreErrors: productErrors,
    aliases: PRODUCT_FIELD_ALIASES,
    handledErrorCodes: PRODUCT_FORM_ERROR_CODES,
    onSubmit: async (body) => {
      const product = await create.mutateAsync(body);
      form.reset();
      props.onAdded(product);
    },
  });

  return (
    <form {...formProps} aria-label="Add a product">
      <Stack gap="md">
        <FormErrorAlert message={formError} />
        <NameAndSkuFields form={form} />
        <Group align="flex-end" gap="xl">
          <TextInput
            label="Price (ex GST)"
            required
            leftSection="$"
            inputMode="decimal"
            w={200}
            {...form.getInputProps('base_price')}
          />
          <GstSwitch form={form} />
        </Group>
        <Group>
          <Button {...submitProps}>Add product</Button>
        </Group>
      </Stack>
    </form>
  );
}
