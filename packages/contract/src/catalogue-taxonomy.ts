import { z } from 'zod';
import { optionalText, SearchText } from './text.ts';
import { Email } from './auth.ts';
import { defineEndpoint } from './endpoint.ts';
import { RecordId, type RecordKind } from './ids.ts';
import { OrganisationParams } from './organisations.ts';
import { Page, PageQuery } from './pagination.ts';

// A merchant's catalogue vocabulary: brands, suppliers, units of measure and categories. Each kind
// has the same four calls under SPEC §7's `products/<kind>/organisation/{id}` shape.

export const TaxonomyName = z.string().trim().min(1, 'Enter a name').max(80);

export const TaxonomyListQuery = PageQuery.extend({
  // Blank means no search, so a cleared search box lists everything.
  search: SearchText,
});

/** Declares list, create, update and delete for one kind; `idParam` names the record in the path. */
function taxonomyEndpoints<P extends string, I extends z.ZodType, R extends z.ZodType>(kind: {
  segment: string;
  idParam: P;
  label: RecordKind;
  plural: string;
  input: I;
  item: R;
}) {
  const collection = `/products/${kind.segment}/organisation/{id}`;
  const record = `/products/${kind.segment}/{${kind.idParam}}/organisation/{id}`;
  const RecordParams = OrganisationParams.extend(
    z.object({ [kind.idParam]: RecordId(kind.label) } as Record<P, ReturnType<typeof RecordId>>).shape,
  );
  const tags = ['catalogue'];
  return {
    list: defineEndpoint({
      method: 'GET',
      path: collection,
      summary: `A page of the merchant’s ${kind.plural}, by name, with optional search`,
      tags,
      auth: 'user',
      params: OrganisationParams,
      query: TaxonomyListQuery,
      response: Page(kind.item),
    }),
    create: defineEndpoint({
      method: 'POST',
      path: collection,
      summary: `Add a ${kind.label}; a name already used (ignoring case) answers 409 CONFLICT`,
      tags,
      auth: 'user',
      params: OrganisationParams,
      body: kind.input,
      response: kind.item,
      status: 201,
    }),
    update: defineEndpoint({
      method: 'PUT',
      path: record,
      summary: `Rename or change a ${kind.label}`,
      tags,
      auth: 'user',
      params: RecordParams,
      body: kind.input,
      response: kind.item,
    }),
    remove: defineEndpoint({
      method: 'DELETE',
      path: record,
      summary: `Delete a ${kind.label}; one still in use answers 409 CONFLICT`,
      tags,
      auth: 'user',
      params: RecordParams,
      response: z.object({ deleted: z.literal(true) }),
    }),
  };
}

export const Brand = z.object({ id: z.uuid(), name: z.string() });
export type Brand = z.infer<typeof Brand>;
export const BrandInput = z.object({ name: TaxonomyName });

export const {
  list: listBrands,
  create: createBrand,
  update: updateBrand,
  remove: deleteBrand,
} = taxonomyEndpoints({
  segment: 'brands',
  idParam: 'bid',
  label: 'brand',
  plural: 'brands',
  input: BrandInput,
  item: Brand,
});

export const Supplier = z.object({
  id: z.uuid(),
  name: z.string(),
  contact_email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type Supplier = z.infer<typeof Supplier>;
export const SupplierInput = z.object({
  name: TaxonomyName,
  contact_email: Email.nullable().default(null),
  phone: optionalText(30).default(null),
});

export const {
  list: listSuppliers,
  create: createSupplier,
  update: updateSupplier,
  remove: deleteSupplier,
} = taxonomyEndpoints({
  segment: 'suppliers',
  idParam: 'sid',
  label: 'supplier',
  plural: 'suppliers',
  input: SupplierInput,
  item: Supplier,
});

export const UnitOfMeasure = z.object({ id: z.uuid(), name: z.string(), abbreviation: z.string() });
export type UnitOfMeasure = z.infer<typeof UnitOfMeasure>;
export const UnitOfMeasureInput = z.object({
  name: TaxonomyName,
  abbreviation: z.string().trim().min(1, 'Enter an abbreviation').max(12),
});

export const {
  list: listUnitsOfMeasure,
  create: createUnitOfMeasure,
  update: updateUnitOfMeasure,
  remove: deleteUnitOfMeasure,
} = taxonomyEndpoints({
  segment: 'uom',
  idParam: 'uid',
  label: 'unit of measure',
  plural: 'units of measure',
  input: UnitOfMeasureInput,
  item: UnitOfMeasure,
});

/** Categories nest one level: a top-level category may have sub-categories, which may not. */
export const Category = z.object({
  id: z.uuid(),
  name: z.string(),
  parent_id: z.uuid().nullable(),
  children_count: z.number().int(),
});
export type Category = z.infer<typeof Category>;
export const CategoryInput = z.object({
  name: TaxonomyName,
  parent_id: RecordId('category').nullable().default(null),
});

export const {
  list: listCategories,
  create: createCategory,
  update: updateCategory,
  remove: deleteCategory,
} = taxonomyEndpoints({
  segment: 'categories',
  idParam: 'cid',
  label: 'category',
  plural: 'categories',
  input: CategoryInput,
  item: Category,
});
