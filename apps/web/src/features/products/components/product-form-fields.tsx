import { NumberInput, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { ImageField } from '#lib/ui/image-field.tsx';
import type { ProductFormValues } from '../model/product-form.ts';
import { VocabularySelect } from './vocabulary-select.tsx';
import type { VocabularyKind } from '../api/product-keys.ts';

/** The four vocabulary pickers: which list each searches and which form value it sets. */
const VOCABULARY_FIELDS = [
  { kind: 'brands', field: 'brand', label: 'Brand' },
  { kind: 'suppliers', field: 'supplier', label: 'Supplier' },
  { kind: 'categories', field: 'category', label: 'Category' },
  { kind: 'units', field: 'unit_of_measure', label: 'Unit of measure' },
] as const satisfies readonly { kind: VocabularyKind; field: keyof ProductFormValues; label: string }[];

type ProductForm = UseFormReturnType<ProductFormValues>;

/** What names a product: shared by the full form and sign-up's quick add. */
export function NameAndSkuFields(props: { form: ProductForm }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput label="Name" required autoComplete="off" {...props.form.getInputProps('name')} />
      <TextInput
        label="SKU"
        description="Your code for it; unique among your products"
        required
        autoComplete="off"
        {...props.form.getInputProps('sku')}
      />
    </SimpleGrid>
  );
}

export function GstSwitch(props: { form: ProductForm }) {
  return (
    <Switch
      label="GST applies"
      description="Off for GST-free goods, such as most fresh food"
      {...props.form.getInputProps('is_gst_applicable', { type: 'checkbox' })}
    />
  );
}

/** The product's fields, in the order a person fills them in (and tabs through them). */
export function ProductFormFields(props: {
  form: UseFormReturnType<ProductFormValues>;
  disabled: boolean;
  /** The picture's refusal, which has no input of its own to sit under. */
  imageError: string | undefined;
}) {
  const { form, disabled } = props;
  const { values } = form;
  const moneyProps = { leftSection: '$', inputMode: 'decimal' as const, w: 200 };
  // No min, max or allowDecimal: NumberInput would strip or clamp what was typed ("7.5" to 75);
  // the contract's ProductQuantity says what is wrong instead (productErrors).
  const quantityProps = { w: 200 };

  return (
    <Stack gap="md">
      <NameAndSkuFields form={form} />
      <Textarea label="Description" rows={4} resize="vertical" {...form.getInputProps('description')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {VOCABULARY_FIELDS.map(({ kind, field, label }) => (
          <VocabularySelect
            key={field}
            kind={kind}
            label={label}
            {...form.getInputProps(field)}
            value={values[field]}
          />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Base price (ex GST)"
          required
          {...moneyProps}
          {...form.getInputProps('base_price')}
        />
        <TextInput
          label="Cost (ex GST)"
          description="Optional; only you see it"
          {...moneyProps}
          {...form.getInputProps('cost')}
        />
      </SimpleGrid>
      <GstSwitch form={form} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label="Minimum order quantity"
          {...form.getInputProps('min_order_quantity')}
          {...quantityProps}
        />
        <NumberInput
          label="Pack size"
          description="Units in one pack"
          {...form.getInputProps('pack_size')}
          {...quantityProps}
        />
      </SimpleGrid>
      <TextInput
        label="Barcode"
        autoComplete="off"
        w={{ base: '100%', sm: 320 }}
        {...form.getInputProps('barcode')}
      />
      <ImageField
        label="Image"
        value={values.image}
        onChange={(url) => form.setFieldValue('image', url)}
        fallback={values.name || 'Product'}
        disabled={disabled}
      />
      {props.imageError && (
        <Text size="sm" c="red" role="alert">
          {props.imageError}
        </Text>
      )}
    </Stack>
  );
}
