import type { TierItem } from '@tradeport/contract';
import { useState } from 'react';
import { ApiError } from '#lib/api-error.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { useSetTierPrices } from '../api/set-tier-prices.ts';
import { editsAfterSave, errorsByProduct, type PriceEdits, pendingPrices } from '../model/price-edits.ts';

const pricesLabel = (count: number) => `${count} ${count === 1 ? 'price' : 'prices'}`;

/**
 * The tier's inline price edits: typed per row, kept by product id (so they survive paging, a new
 * search or a refetch), and saved together in one call.
 */
export function usePriceEdits(options: {
  tierId: string;
  onRefused: (title: string, error: unknown) => void;
}) {
  const [edits, setEdits] = useState<PriceEdits>({});
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const save = useSetTierPrices(options.tierId);
  const pending = pendingPrices(edits);

  const dropError = (productId: string) =>
    setErrors((current) => {
      if (!(productId in current)) return current;
      const { [productId]: _, ...rest } = current;
      return rest;
    });

  const setText = (item: TierItem, text: string) => {
    setEdits((current) => ({
      ...current,
      // The price the row had when typing began is what "changed" is measured against.
      [item.product_id]: { text, originalCents: current[item.product_id]?.originalCents ?? item.price_cents },
    }));
    dropError(item.product_id);
  };

  const revert = (productId: string) => {
    setEdits((current) => {
      const { [productId]: _, ...rest } = current;
      return rest;
    });
    dropError(productId);
  };

  const discard = () => {
    setEdits({});
    setErrors({});
  };

  const submit = () => {
    if (save.isPending) return;
    if (Object.keys(pending.errors).length > 0) {
      setErrors(pending.errors);
      return;
    }
    const items = pending.items;
    if (items.length === 0) return;
    save.mutate(items, {
      onSuccess: () => {
        setEdits((current) => editsAfterSave(current, items));
        showSuccessToast(`Saved ${pricesLabel(items.length)}`);
      },
      onError: (error) => {
        const rowErrors = error instanceof ApiError ? errorsByProduct(error.details, items) : {};
        if (Object.keys(rowErrors).length > 0) setErrors(rowErrors);
        else options.onRefused('Your price changes were not saved', error);
      },
    });
  };

  return {
    edits,
    errors,
    count: pending.count,
    countLabel: pricesLabel(pending.count),
    isSaving: save.isPending,
    setText,
    revert,
    discard,
    submit,
  };
}

export type PriceEditsState = ReturnType<typeof usePriceEdits>;
