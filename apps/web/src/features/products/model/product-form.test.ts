import { ProductInput } from '@tradeport/contract';
import { describe, expect, it } from 'vitest';
import { EMPTY_PRODUCT, productErrors, productInputOf } from './product-form.ts';

const BRAND = { value: '00000000-0000-4000-8000-000000000101', label: 'Acme' };
const valid = { ...EMPTY_PRODUCT, name: ' Milk ', sku: 'MILK-2L', base_price: '0.29' };

describe('productInputOf', () => {
  it('turns dollars into whole cents without float error, and picks into ids', () => {
    const body = ProductInput.parse(
      productInputOf({ ...valid, cost: '$1,234.56', brand: BRAND, barcode: '  ' }),
    );
    expect(body).toEqual(
      expect.objectContaining({
        name: 'Milk',
        base_price_cents: 29,
        cost_cents: 123_456,
        brand_id: BRAND.value,
        barcode: null,
        description: null,
      }),
    );
  });

  it('leaves the cost out when blank', () => {
    expect(productInputOf(valid)).toMatchObject({ cost_cents: null });
  });
});

describe('productErrors', () => {
  it('words prices and quantities in the person’s terms', () => {
    expect(productErrors({ ...EMPTY_PRODUCT, base_price: '1.234', pack_size: '', cost: '20000000' })).toEqual(
      {
        base_price: 'Enter a price in dollars, like 12.50',
        cost: 'Enter at most $10,000,000.00',
        min_order_quantity: undefined,
        pack_size: 'Enter a whole number',
      },
    );
  });

  it('requires a base price', () => {
    expect(productErrors({ ...valid, base_price: '' })).toMatchObject({ base_price: 'Enter the base price' });
  });

  it('has nothing to say about values the contract accepts', () => {
    expect(Object.values(productErrors(valid)).filter(Boolean)).toEqual([]);
  });
});
