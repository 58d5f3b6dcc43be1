import { Group, TextInput } from '@mantine/core';
import type { ProductSearchResult } from '@tradeport/contract';
import { useState } from 'react';
import { useRefreshAccess } from '#shared/product-groups/api/use-can-edit.ts';
import { AddResultButton } from '#shared/product-groups/components/add-result-button.tsx';
import { isForbidden } from '#lib/admin-only-reason.ts';
import { errorProps } from '#lib/forms/use-contract-form.ts';
import { useSetTierPrice } from '../api/set-tier-price.ts';
import { checkPrice, priceInputText } from '../model/price-edits.ts';
import { pricingKind } from '../model/pricing-kind.ts';

/**
 * The picker's add action for a tier: the product joins at the price typed beside it, which starts
 * at its base price so that adding as-is changes nothing for customers until the price is edited.
 */
export function TierProductAdder(props: { tierId: string; product: ProductSearchResult }) {
  const { product } = props;
  const add = useSetTierPrice(props.tierId);
  const refreshAccess = useRefreshAccess();
  const [text, setText] = useState(() => priceInputText(product.base_price_cents));
  const [priceError, setPriceError] = useState<string | null>(null);
  const [isAdded, setIsAdded] = useState(false);

  const onAdd = () => {
    const checked = checkPrice(text);
    if (!checked.ok) {
      setPriceError(checked.message);
      return;
    }
    add.mutate(
      { product_id: product.id, price_cents: checked.cents },
      {
        onSuccess: () => setIsAdded(true),
        onError: (error) => {
          if (isForbidden(error)) refreshAccess();
        },
      },
    );
  };

  return (
    <Group gap="xs" justify="flex-end" align="flex-start" wrap="nowrap">
      <TextInput
        aria-label={`Price for ${product.name}`}
        leftSection="$"
        inputMode="decimal"
        size="xs"
        w={120}
        value={text}
        disabled={isAdded}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setPriceError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onAdd();
        }}
        error={priceError}
        errorProps={errorProps}
        aria-invalid={priceError ? true : undefined}
      />
      <AddResultButton
        name={product.name}
        kind={pricingKind}
        isAdded={isAdded}
        isAdding={add.isPending}
        error={add.error}
        onAdd={onAdd}
      />
    </Group>
  );
}
