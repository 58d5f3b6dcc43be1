import { GroupDetailScreen } from '#shared/product-groups/screens/group-detail-screen.tsx';
import { GroupProductsPanel } from '../components/group-products-panel.tsx';
import { visibilityKind } from '../model/visibility-kind.ts';

/** /visibility/:groupId: one group, the products it keeps to its customers, and those customers. */
export function VisibilityGroupScreen() {
  return (
    <GroupDetailScreen
      kind={visibilityKind}
      idParam="groupId"
      renderProducts={(panel) => <GroupProductsPanel {...panel} />}
    />
  );
}
