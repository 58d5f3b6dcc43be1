import { renderAsMerchant } from '#testing/render-routes.tsx';
import { VisibilityGroupScreen } from '../screens/visibility-group-screen.tsx';
import { VisibilityGroupsScreen } from '../screens/visibility-groups-screen.tsx';

export const VISIBILITY = { segment: 'visibility', member: 'group' } as const;

/** The visibility routes as the router has them, starting at `path`. */
export function renderVisibility(path: string) {
  return renderAsMerchant(
    [
      { path: '/visibility', element: <VisibilityGroupsScreen /> },
      { path: '/visibility/:groupId', element: <VisibilityGroupScreen /> },
    ],
    path,
  );
}
