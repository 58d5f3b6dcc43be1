import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog.tsx';

/**
 * While `isDirty`, asks before the person leaves the page (a link, Back, or closing the tab), so
 * edits that are collected and saved together are not dropped by a stray click. Moving within the
 * page (a tab or search kept in the URL) is not leaving.
 */
export function UnsavedChangesGuard(props: { isDirty: boolean; message: string }) {
  const { isDirty } = props;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!isDirty) return;
    // The browser shows its own wording; asking is all a page can do here.
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  return (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title="Leave without saving?"
      confirmLabel="Leave without saving"
      cancelLabel="Stay on this page"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      {props.message}
    </ConfirmDialog>
  );
}
