import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { type PayDialogRequest, withPayDialog } from '../pay-dialog.ts';

/**
 * Opens a pay dialog over the current screen (lib/pay-dialog.ts): a link to this same address with
 * the dialog named in its query, so a feature offers card payment without importing the feature
 * that takes it. It replaces the address rather than adding to the history: Back leaves the screen,
 * as it would without the dialog.
 */
export function PayDialogButton(props: ButtonProps & { request: PayDialogRequest; children: ReactNode }) {
  const { request, children, ...buttonProps } = props;
  const location = useLocation();
  const search = withPayDialog(new URLSearchParams(location.search), request).toString();
  return (
    <Button
      component={Link}
      to={{ pathname: location.pathname, search: `?${search}` }}
      replace
      {...buttonProps}
    >
      {children}
    </Button>
  );
}
