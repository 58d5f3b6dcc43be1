import { Button, Group, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
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
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" required autoComplete="off" {...form.getInputProps('name')} />
          <TextInput
            label="SKU"
            description="Your code for it; unique among your products"
            required
            autoComplete="off"
            {...form.getInputProps('sku')}
          />
        </SimpleGrid>
        <Group align="flex-end" gap="xl">
          <TextInput
            label="Price (ex GST)"
            required
            leftSection="$"
            inputMode="decimal"
            w={200}
            {...form.getInputProps('base_price')}
          />
          <Switch
            label="GST applies"
            description="Off for GST-free goods, such as most fresh food"
            {...form.getInputProps('is_gst_applicable', { type: 'checkbox' })}
          />
        </Group>
        <Group>
          <Button {...submitProps}>Add product</Button>
        </Group>
      </Stack>
    </form>
  );
}
