import { Notifications } from '@mantine/notifications';
import { MAX_VISIBLE_TOASTS } from '@tradeport/contract';

/** Where toasts render (SPEC §8: at most 3 at once). Loaded lazily: no page needs it to first paint. */
export function ToastHost() {
  return <Notifications limit={MAX_VISIBLE_TOASTS} position="top-right" />;
}
