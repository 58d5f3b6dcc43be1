import { GroupProductsSection } from '#shared/product-groups/components/group-products-section.tsx';
import type { ProductsPanelProps } from '#shared/product-groups/screens/group-detail-screen.tsx';
import { visibilityKind } from '../model/visibility-kind.ts';
import { GroupProductAdder } from './group-product-adder.tsx';

/** A visibility group's Products tab: the shared products section, without prices. */
export function GroupProductsPanel(props: ProductsPanelProps) {
  return (
    <GroupProductsSection
      kind={visibilityKind}
      group={props.group}
      canEdit={props.canEdit}
      description="These products are shown only to this group’s customers, and to customers of any other group that has them."
      pickerNote="Once added, a product is shown only to this group’s customers, and to customers of any other group it is in."
      renderAdd={(product) => <GroupProductAdder groupId={props.group.id} product={product} />}
      onRefused={props.onRefused}
    />
  );
}
