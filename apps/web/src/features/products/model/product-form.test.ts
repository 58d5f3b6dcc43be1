import { describe, expect, it } from 'vitest';
import { ApiError } from '#lib/api-error.ts';
import { EMPTY_PRODUCT, productSaveFailure, validateProduct } from './product-form.ts';

const BRAND = { value: '00000000-0000-4000-8000-000000000101', label: 'Acme' };
const valid = { ...EMPTY_PRODUCT, name: ' Milk ', sku: 'MILK-2L', base_price: '0.29' };

const conflict = (details?: { path: string; message: string }[]) =>
  new ApiError({ status: 409, body: { error_code: 'CONFLICT', message: 'Refused.', details } });

describe('validateProduct', () => {
  it('turns dollars into whole cents without float error, and picks into ids', () => {
    const result = validateProduct({ ...valid, cost: '$1,234.56', brand: BRAND, barcode: '  ' });
    expect(result).toEqual({
      ok: true,
      body: expect.objectContaining({
        name: 'Milk',
        base_price_cents: 29,
        cost_cents: 123_456,
        brand_id: BRAND.value,
        barcode: null,
        description: null,
      }),
    });
  });

  it('leaves the cost out when blank', () => {
    expect(validateProduct(valid)).toMatchObject({ ok: true, body: { cost_cents: null } });
  });

  it('says what is wrong, field by field', () => {
    const result = validateProduct({
      ...EMPTY_PRODUCT,
      base_price: '1.234',
      pack_size: '',
      cost: '20000000',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: 'Enter a name',
        sku: 'Enter a SKU',
        base_price: 'Enter an amount in dollars, like 5000 or 2500.50',
        cost: 'Enter at most $10,000,000.00',
        pack_size: 'Enter a whole number from 1 to 100,000',
      },
    });
  });

  it('requires a base price', () => {
    expect(validateProduct({ ...valid, base_price: '' })).toEqual({
      ok: false,
      errors: { base_price: 'Enter the base price' },
    });
  });
});

describe('productSaveFailure', () => {
  it('puts a 409 naming a field on that field', () => {
    const failure = productSaveFailure(conflict([{ path: 'body.sku', message: 'SKU already used' }]), {
      isEdit: true,
    });
    expect(failure).toEqual({ fieldErrors: { sku: 'SKU already used' }, formError: null, isStale: false });
  });

  it('reads a 409 naming no field as a stale edit, but only on an edit', () => {
    expect(productSaveFailure(conflict(), { isEdit: true })).toMatchObject({ isStale: true });
    expect(productSaveFailure(conflict(), { isEdit: false })).toEqual({
      fieldErrors: {},
      formError: 'Refused.',
      isStale: false,
    });
  });

  it('maps wire names onto the form’s fields', () => {
    const error = new ApiError({
      status: 400,
      body: {
        error_code: 'VALIDATION_ERROR',
        message: 'Invalid.',
        details: [{ path: 'body.base_price_cents', message: 'That price is too large' }],
      },
    });
    expect(productSaveFailure(error, { isEdit: false })?.fieldErrors).toEqual({
      base_price: 'That price is too large',
    });
  });

  it('leaves other failures to the toast', () => {
    const error = new ApiError({ status: 500, body: { error_code: 'INTERNAL_ERROR', message: 'Oops' } });
    expect(productSaveFailure(error, { isEdit: true })).toBeNull();
  });
});
