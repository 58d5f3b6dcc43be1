import { Notifications, notifications, notificationsStore } from '@mantine/notifications';
import { MAX_VISIBLE_TOASTS } from '@tradeport/contract';
import { useEffect } from 'react';

/**
 * Where toasts render (SPEC §8: at most 3 at once). Loaded lazily, with the first toast (see
 * providers.tsx): no page needs it to first paint, and most first loads raise none.
 */
export function ToastHost() {
  // Toasts raised before the host arrived were placed under the store's default limit (5).
  // Notifications sets the limit in its own effect, which runs before this one; placing them
  // again then keeps the rest queued.
  useEffect(() => notifications.updateState(notificationsStore, (list) => list), []);
  return <Notifications limit={MAX_VISIBLE_TOASTS} position="top-right" />;
}
