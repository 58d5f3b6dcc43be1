import { GroupsScreen } from '#shared/product-groups/screens/groups-screen.tsx';
import { visibilityKind } from '../model/visibility-kind.ts';

/** /visibility: the merchant's visibility groups. */
export function VisibilityGroupsScreen() {
  return <GroupsScreen kind={visibilityKind} />;
}
