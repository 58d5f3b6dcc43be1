import { CatalogueProduct, Order, Page, Product } from '@tradeport/contract';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileResponseSerializer } from './response-serializer.ts';

const compileWith = (compiler: typeof compileResponseSerializer, schema: z.ZodType) =>
  compiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });
const compiled = (schema: z.ZodType) => compileWith(compileResponseSerializer, schema);
const zod = (schema: z.ZodType) =>
  compileWith(zodSerializerCompiler as unknown as typeof compileResponseSerializer, schema);

const product: CatalogueProduct = {
  id: '0b8a1c9e-4f3d-4a55-9d43-2a1f1c0e8b11',
  name: 'Barista "Oat" Milk \u2028 1L',
  sku: 'OAT-1',
  description: null,
  brand_name: 'Harbour Dairy',
  category: { id: '6f0c3a52-7b1e-4d8a-a7f4-5c2b9e0d1a33', name: 'Dairy' },
  unit_of_measure: null,
  image: null,
  price_cents: 450,
  base_price_cents: 500,
  is_tier_price: true,
  is_gst_applicable: false,
  gst_rate_basis_points: 0,
  min_order_quantity: 1,
  pack_size: 6,
};

describe('compiled response serializer', () => {
  it('writes exactly what the zod serializer writes for a catalogue page', () => {
    const schema = Page(CatalogueProduct);
    const page = { items: [product, { ...product, category: null, image: 'a.png' }], next_cursor: 'abc' };
    expect(compiled(schema)(page)).toBe(zod(schema)(page));
    expect(JSON.parse(compiled(schema)(page))).toEqual(page);
  });

  it('leaves out every field the contract does not declare', () => {
    const row = { ...product, cost_cents: 120, password_hash: 'secret' };
    const written = JSON.parse(compiled(CatalogueProduct)(row)) as Record<string, unknown>;
    expect(written).not.toHaveProperty('cost_cents');
    expect(written).not.toHaveProperty('password_hash');
    expect(written).toEqual(product);
  });

  it('fails a response with a value of the wrong type or a required field missing', () => {
    const write = compiled(CatalogueProduct);
    expect(() => write({ ...product, price_cents: '450' })).toThrow('answered off its contract');
    expect(() => write({ ...product, price_cents: Number.NaN })).toThrow('answered off its contract');
    const { sku: _sku, ...withoutSku } = product;
    expect(() => write(withoutSku)).toThrow('answered off its contract');
  });

  it('says where in the response the value off the contract was', () => {
    const causeOf = (write: () => unknown) => {
      try {
        write();
      } catch (error) {
        return ((error as Error).cause as Error).message;
      }
      throw new Error('expected the write to fail');
    };
    const page = Page(CatalogueProduct);
    const category = { id: product.category!.id, name: 7 };
    expect(
      causeOf(() => compiled(page)({ items: [product, { ...product, category }], next_cursor: null })),
    ).toBe('.items[1].category.name: expected a string, got number');
    const { sku: _sku, ...withoutSku } = product;
    expect(causeOf(() => compiled(page)({ items: [withoutSku], next_cursor: null }))).toBe(
      '.items[0].sku: expected a value, got undefined',
    );
    expect(causeOf(() => compiled(CatalogueProduct)(null))).toBe('response: expected an object, got null');
  });

  it('omits an absent optional field and writes the product list response as zod does', () => {
    const schema = z.object({ a: z.string().optional(), b: z.enum(['x', 'y']), c: z.literal(3) });
    expect(compiled(schema)({ b: 'x', c: 3 })).toBe('{"b":"x","c":3}');
    expect(() => compiled(schema)({ b: 'z', c: 3 })).toThrow('answered off its contract');
    const list = Page(Product).extend({ total: z.number().int().nullable() });
    const empty = { items: [], next_cursor: null, total: 0 };
    expect(compiled(list)(empty)).toBe(zod(list)(empty));
  });

  it('writes a record of free-form details as zod does, and fails one that is not an object', () => {
    const schema = z.object({ details: z.record(z.string(), z.unknown()) });
    const details = {
      from: 'PROCESSING',
      lines: [{ sku: 'OAT-1', quantity: 2 }],
      note: null,
      gone: undefined,
    };
    expect(compiled(schema)({ details })).toBe(zod(schema)({ details }));
    expect(compiled(schema)({ details: {} })).toBe('{"details":{}}');
    expect(() => compiled(schema)({ details: ['PROCESSING'] })).toThrow('answered off its contract');
    const counts = z.record(z.string(), z.number());
    expect(compiled(counts)({ a: 1, b: 2 })).toBe('{"a":1,"b":2}');
    expect(() => compiled(counts)({ a: '1' })).toThrow('answered off its contract');
  });

  it('compiles the whole order, whose history carries such details, rather than falling back to zod', () => {
    // The fallback is zod's own serializer: the same function for every schema it is given.
    expect(compiled(Order).toString()).not.toBe(zod(Order).toString());
  });

  it('keeps the zod serializer for a schema it does not compile (a union)', () => {
    const schema = z.object({ value: z.union([z.string(), z.number()]) });
    expect(compiled(schema)({ value: 3 })).toBe('{"value":3}');
    expect(() => compiled(schema)({ value: true })).toThrow();
  });
});
