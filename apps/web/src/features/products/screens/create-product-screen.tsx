import { Paper, Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { showSuccessToast } from '#lib/toasts.ts';
import { useCreateProduct } from '../api/save-product.ts';
import { BackLink } from '#lib/ui/record-states.tsx';
import { ProductForm } from '../components/product-form.tsx';
import { EMPTY_PRODUCT } from '../model/product-form.ts';
import { routePath } from '#lib/routes.ts';

/** /products/create: a new product, then on to its own page. */
export function CreateProductScreen() {
  const create = useCreateProduct();
  const navigate = useNavigate();
  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={6}>
        <BackLink to={{ path: '/products', label: 'Products' }} />
        <Title order={1}>Create product</Title>
      </Stack>
      <Paper withBorder p="lg">
        <ProductForm
          initialValues={EMPTY_PRODUCT}
          label="New product"
          submitLabel="Create product"
          save={(body) => create.mutateAsync(body)}
          onSaved={(product) => {
            showSuccessToast(`${product.name} created`);
            void navigate(routePath('/products/:productId', { productId: product.id }));
          }}
          isLeavingOnSave
        />
      </Paper>
    </Stack>
  );
}
