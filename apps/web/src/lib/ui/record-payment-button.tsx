import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { type RecordPaymentRequest, withRecordPayment } from '../record-payment-dialog.ts';

/**
 * Opens the merchant's "Record payment" dialog over the current screen (lib/record-payment-dialog.ts):
 * a link to this same address with the dialog named in its query. It replaces the address rather
 * than adding to the history, so Back leaves the screen as it would without the dialog.
 */
export function RecordPaymentButton(
  props: ButtonProps & { request?: RecordPaymentRequest; children?: ReactNode },
) {
  const { request = {}, children = 'Record payment', ...buttonProps } = props;
  const location = useLocation();
  const search = withRecordPayment(new URLSearchParams(location.search), request).toString();
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
