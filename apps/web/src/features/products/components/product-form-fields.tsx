import { NumberInput, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { ImageField } from '#lib/ui/image-field.tsx';
import { errorProps, type FormState } from '#lib/use-form-state.ts';
import type { ProductFormValues } from '../model/product-form.ts';
import { VocabularySelect } from './vocabulary-select.tsx';
import type { VocabularyKind } from '../api/product-keys.ts';

const MAX_QUANTITY = 100_000;

/** The four vocabulary pickers: which list each searches and which form value it sets. */
const VOCABULARY_FIELDS = [
  { kind: 'brands', field: 'brand', label: 'Brand' },
  { kind: 'suppliers', field: 'supplier', label: 'Supplier' },
  { kind: 'categories', field: 'category', label: 'Category' },
  { kind: 'units', field: 'unit_of_measure', label: 'Unit of measure' },
] as const satisfies readonly { kind: VocabularyKind; field: keyof ProductFormValues; label: string }[];

/** The product's fields, in the order a person fills them in (and tabs through them). */
export function ProductFormFields(props: { form: FormState<ProductFormValues>; disabled: boolean }) {
  const { form, disabled } = props;
  const { values, fieldErrors } = form;
  const moneyProps = { leftSection: '$', inputMode: 'decimal' as const, disabled, w: 200 };
  const quantityProps = {
    min: 1,
    max: MAX_QUANTITY,
    allowDecimal: false,
    allowNegative: false,
    disabled,
    w: 200,
  };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Name" required autoComplete="off" disabled={disabled} {...form.textProps('name')} />
        <TextInput
          label="SKU"
          description="Your code for it; unique among your products"
          required
          autoComplete="off"
          disabled={disabled}
          {...form.textProps('sku')}
        />
      </SimpleGrid>
      <Textarea
        label="Description"
        rows={4}
        resize="vertical"
        disabled={disabled}
        value={values.description}
        onChange={(event) => form.setValue('description', event.currentTarget.value)}
        error={fieldErrors.description}
        errorProps={errorProps}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {VOCABULARY_FIELDS.map(({ kind, field, label }) => (
          <VocabularySelect
            key={field}
            kind={kind}
            label={label}
            value={values[field]}
            onChange={(value) => form.setValue(field, value)}
            error={fieldErrors[field]}
            disabled={disabled}
          />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Base price (ex GST)" required {...moneyProps} {...form.textProps('base_price')} />
        <TextInput
          label="Cost (ex GST)"
          description="Optional; only you see it"
          {...moneyProps}
          {...form.textProps('cost')}
        />
      </SimpleGrid>
      <Switch
        label="GST applies"
        description="Off for GST-free goods, such as most fresh food"
        checked={values.is_gst_applicable}
        onChange={(event) => form.setValue('is_gst_applicable', event.currentTarget.checked)}
        disabled={disabled}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label="Minimum order quantity"
          value={values.min_order_quantity}
          onChange={(value) => form.setValue('min_order_quantity', value)}
          error={fieldErrors.min_order_quantity}
          errorProps={errorProps}
          {...quantityProps}
        />
        <NumberInput
          label="Pack size"
          description="Units in one pack"
          value={values.pack_size}
          onChange={(value) => form.setValue('pack_size', value)}
          error={fieldErrors.pack_size}
          errorProps={errorProps}
          {...quantityProps}
        />
      </SimpleGrid>
      <TextInput
        label="Barcode"
        autoComplete="off"
        disabled={disabled}
        w={{ base: '100%', sm: 320 }}
        {...form.textProps('barcode')}
      />
      <ImageField
        label="Image"
        value={values.image}
        onChange={(url) => form.setValue('image', url)}
        fallback={values.name || 'Product'}
        disabled={disabled}
      />
      {fieldErrors.image && (
        <Text size="sm" c="red" role="alert">
          {fieldErrors.image}
        </Text>
      )}
    </Stack>
  );
}
