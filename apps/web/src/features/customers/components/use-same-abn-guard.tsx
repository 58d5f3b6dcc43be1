import { Alert } from '@mantine/core';
import { useState } from 'react';
import { useCustomersWithAbn } from '../api/same-abn.ts';
import { SameAbnWarning } from '../model/same-abn.ts';

const digitsOf = (text: string) => text.replace(/\s+/g, '');

/**
 * Before a customer is saved with an ABN another customer has, the form says so and asks again:
 * `check` (called first thing in the submit) throws a SameAbnWarning the first time, and lets the
 * same ABN through on the next submit. An ABN the customer already had is never questioned.
 */
export function useSameAbnGuard(options: { exceptId?: string; savedAbn?: string | null }) {
  const withAbn = useCustomersWithAbn();
  const [warning, setWarning] = useState<SameAbnWarning | null>(null);

  const check = async (abn: string | null | undefined) => {
    if (!abn || abn === options.savedAbn) return;
    if (warning?.abn === abn) return; // Asked, and submitted again: confirmed.
    const others = await withAbn(abn, { exceptId: options.exceptId });
    if (others.length === 0) return;
    const found = new SameAbnWarning(abn, others);
    setWarning(found);
    throw found;
  };

  /** True while the warning stands for the ABN now typed, so the submit button says "… anyway". */
  const isAsking = (abnText: string) => warning !== null && warning.abn === digitsOf(abnText);

  return { check, warning, isAsking };
}

/** The warning, worded for the form's action ("Add", "Save"). */
export function SameAbnAlert(props: { warning: SameAbnWarning | null; isShown: boolean; action: string }) {
  if (!props.warning || !props.isShown) return null;
  return (
    <Alert color="yellow" variant="light" title={props.warning.message}>
      If it is a branch of the same business, choose “{props.action} anyway”. Otherwise check the ABN.
    </Alert>
  );
}

export const isSameAbnWarning = (error: unknown) => error instanceof SameAbnWarning;
