import { categoryKind } from '../kinds/category-kind.tsx';
import { brandKind, supplierKind, unitOfMeasureKind } from '../kinds/simple-kinds.ts';
import { TaxonomyScreen } from './taxonomy-screen.tsx';

// One screen per route, each the shared screen configured for its kind. The key keeps each kind's
// state (search, open dialogs) its own when moving between them.

export function BrandsScreen() {
  return <TaxonomyScreen key="brands" kind={brandKind} />;
}

export function SuppliersScreen() {
  return <TaxonomyScreen key="suppliers" kind={supplierKind} />;
}

export function UnitsOfMeasureScreen() {
  return <TaxonomyScreen key="uoms" kind={unitOfMeasureKind} />;
}

export function CategoriesScreen() {
  return <TaxonomyScreen key="categories" kind={categoryKind} />;
}
