import { NativeSelect } from '@mantine/core';
import type { ChosenMerchant } from '../screens/use-chosen-merchant.ts';

/** A customer organisation that orders from more than one merchant chooses whose invoices to see. */
export function MerchantSelect(props: { state: ChosenMerchant }) {
  const { merchants, chosen } = props.state;
  if (merchants.length < 2 || !chosen) return null;
  return (
    <NativeSelect
      label="Merchant"
      data={merchants.map((merchant) => ({ value: merchant.id, label: merchant.title }))}
      value={chosen.id}
      onChange={(event) => props.state.choose(event.currentTarget.value)}
      maw={320}
    />
  );
}
