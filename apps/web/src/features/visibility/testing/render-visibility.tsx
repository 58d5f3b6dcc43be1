import { renderGroupRoutes } from '#features/product-groups/testing/group-api-stub.tsx';
import { VisibilityGroupScreen } from '../screens/visibility-group-screen.tsx';
import { VisibilityGroupsScreen } from '../screens/visibility-groups-screen.tsx';

export const VISIBILITY = { segment: 'visibility', member: 'group' } as const;

/** The visibility routes as the router has them, starting at `path`. */
export function renderVisibility(path: string) {
  return renderGroupRoutes(
    [
      { path: '/visibility', element: <VisibilityGroupsScreen /> },
      { path: '/visibility/:groupId', element: <VisibilityGroupScreen /> },
    ],
    path,
  );
}
