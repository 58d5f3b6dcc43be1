import {
  type Brand,
  type BrandInput,
  createBrand,
  createSupplier,
  createUnitOfMeasure,
  deleteBrand,
  deleteSupplier,
  deleteUnitOfMeasure,
  listBrands,
  listSuppliers,
  listUnitsOfMeasure,
  type Supplier,
  type SupplierInput,
  type UnitOfMeasure,
  type UnitOfMeasureInput,
  updateBrand,
  updateSupplier,
  updateUnitOfMeasure,
} from '@tradeport/contract';
import { blankToNull, type TaxonomyKind } from '../model/taxonomy-kind.ts';

// Brands, suppliers and units of measure: flat lists whose kinds differ only in their fields.

const NONE = '—';

export const brandKind: TaxonomyKind<Brand, typeof BrandInput, { name: string }> = {
  key: 'brands',
  title: 'Brands',
  description: 'The makers of the products you sell.',
  singular: 'brand',
  plural: 'brands',
  endpoints: { list: listBrands, create: createBrand, update: updateBrand, remove: deleteBrand },
  idParam: 'bid',
  emptyValues: { name: '' },
  valuesOf: (brand) => ({ name: brand.name }),
  inputOf: (values) => ({ name: values.name }),
  textFields: [{ field: 'name', label: 'Name', isRequired: true }],
  columns: [],
};

type SupplierValues = { name: string; contact_email: string; phone: string };

export const supplierKind: TaxonomyKind<Supplier, typeof SupplierInput, SupplierValues> = {
  key: 'suppliers',
  title: 'Suppliers',
  description: 'Who you buy your stock from, and how to reach them.',
  singular: 'supplier',
  plural: 'suppliers',
  endpoints: { list: listSuppliers, create: createSupplier, update: updateSupplier, remove: deleteSupplier },
  idParam: 'sid',
  emptyValues: { name: '', contact_email: '', phone: '' },
  valuesOf: (supplier) => ({
    name: supplier.name,
    contact_email: supplier.contact_email ?? '',
    phone: supplier.phone ?? '',
  }),
  // A blank email is "none" rather than an invalid address.
  inputOf: (values) => ({
    name: values.name,
    contact_email: blankToNull(values.contact_email),
    phone: values.phone,
  }),
  textFields: [
    { field: 'name', label: 'Name', isRequired: true },
    { field: 'contact_email', label: 'Contact email', type: 'email', description: 'Optional' },
    { field: 'phone', label: 'Phone', type: 'tel', description: 'Optional' },
  ],
  columns: [
    { header: 'Contact email', cell: (supplier) => supplier.contact_email ?? NONE },
    { header: 'Phone', cell: (supplier) => supplier.phone ?? NONE },
  ],
};

type UnitValues = { name: string; abbreviation: string };

export const unitOfMeasureKind: TaxonomyKind<UnitOfMeasure, typeof UnitOfMeasureInput, UnitValues> = {
  key: 'uoms',
  title: 'Units of measure',
  description: 'How your products are counted and sold: each, kilogram, carton…',
  singular: 'unit of measure',
  plural: 'units of measure',
  endpoints: {
    list: listUnitsOfMeasure,
    create: createUnitOfMeasure,
    update: updateUnitOfMeasure,
    remove: deleteUnitOfMeasure,
  },
  idParam: 'uid',
  emptyValues: { name: '', abbreviation: '' },
  valuesOf: (unit) => ({ name: unit.name, abbreviation: unit.abbreviation }),
  inputOf: (values) => values,
  textFields: [
    { field: 'name', label: 'Name', isRequired: true },
    { field: 'abbreviation', label: 'Abbreviation', isRequired: true, description: 'Like kg or ctn' },
  ],
  columns: [{ header: 'Abbreviation', cell: (unit) => unit.abbreviation }],
};
