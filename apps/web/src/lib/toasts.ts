import { notifications } from '@mantine/notifications';

export function showErrorToast(message: string): void {
  // The text doubles as the id, so a burst of identical failures shows one toast instead of filling
  // the three visible places (Mantine ignores a show() whose id is already on screen).
  notifications.show({ id: `error:${message}`, color: 'red', message, autoClose: 8_000 });
}

/** Confirms that something was saved or sent. */
export function showSuccessToast(message: string): void {
  notifications.show({ id: `success:${message}`, color: 'teal', message, autoClose: 4_000 });
}
