import { notifications } from '@mantine/notifications';

// Mantine's close button carries only an icon: without a name a screen reader announces "button"
// and axe fails the page (button-name, critical) whenever a toast is up.
const closeButtonProps = { 'aria-label': 'Close message' };

export function showErrorToast(message: string): void {
  // The text doubles as the id, so a burst of identical failures shows one toast instead of filling
  // the three visible places (Mantine ignores a show() whose id is already on screen).
  notifications.show({ id: `error:${message}`, color: 'red', message, autoClose: 8_000, closeButtonProps });
}

/** Confirms that something was saved or sent. */
export function showSuccessToast(message: string): void {
  notifications.show({
    id: `success:${message}`,
    color: 'teal',
    message,
    autoClose: 4_000,
    closeButtonProps,
  });
}

/** Says what is happening when nothing has gone wrong (returning to the merchant, SPEC §4). */
export function showInfoToast(message: string): void {
  notifications.show({ id: `info:${message}`, color: 'blue', message, autoClose: 4_000, closeButtonProps });
}
