import { TextInput } from '@mantine/core';
import type { TierItem } from '@tradeport/contract';
import type { KeyboardEvent } from 'react';
import { formatMoney } from '#lib/format.ts';
import { errorProps } from '#lib/forms/use-contract-form.ts';
import { isChanged, type PriceEdit, priceInputText } from '../model/price-edits.ts';

/**
 * Enter goes down the column like a spreadsheet; the inputs are found in the table (or on a
 * phone the list of cards), in row order.
 */
function focusNextRow(input: HTMLInputElement) {
  const inputs = Array.from(
    input.closest('table, ul')?.querySelectorAll<HTMLInputElement>('input[data-tier-price]') ?? [],
  );
  const next = inputs[inputs.indexOf(input) + 1];
  next?.focus();
  next?.select();
}

/**
 * One row's tier price, in dollars. A changed row says what it was; Escape puts it back; Enter
 * moves to the next row. Nothing is sent until the edits are saved together.
 */
export function TierPriceInput(props: {
  item: TierItem;
  edit: PriceEdit | undefined;
  error: string | undefined;
  onChange: (text: string) => void;
  onRevert: () => void;
}) {
  const { item, edit } = props;
  const isRowChanged = edit !== undefined && isChanged(edit);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      focusNextRow(event.currentTarget);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      props.onRevert();
    }
  };

  return (
    <TextInput
      aria-label={`Tier price for ${item.name}`}
      data-tier-price
      leftSection="$"
      inputMode="decimal"
      autoComplete="off"
      size="xs"
      w={140}
      ml="auto"
      value={edit?.text ?? priceInputText(item.price_cents)}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      onKeyDown={onKeyDown}
      onFocus={(event) => event.currentTarget.select()}
      description={isRowChanged ? `Was ${formatMoney(edit.originalCents)}` : undefined}
      error={props.error}
      errorProps={errorProps}
      aria-invalid={props.error ? true : undefined}
      styles={isRowChanged ? { input: { borderColor: 'var(--mantine-color-yellow-6)' } } : undefined}
    />
  );
}
