import { Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { TierItem } from '@tradeport/contract';
import { GroupProductsSection } from '#shared/product-groups/components/group-products-section.tsx';
import type { MemberColumn } from '#shared/product-groups/components/member-table.tsx';
import type { ProductsPanelProps } from '#shared/product-groups/screens/group-detail-screen.tsx';
import { formatMoney } from '#lib/format.ts';
import { UnsavedChangesGuard } from '#lib/ui/unsaved-changes-guard.tsx';
import { pricingKind } from '../model/pricing-kind.ts';
import { PercentOffModal } from './percent-off-modal.tsx';
import { PriceSaveBar } from './price-save-bar.tsx';
import { TierPriceInput } from './tier-price-input.tsx';
import { TierProductAdder } from './tier-product-adder.tsx';
import { type PriceEditsState, usePriceEdits } from './use-price-edits.ts';

const BASE_PRICE: MemberColumn<TierItem> = {
  header: 'Base price',
  align: 'right',
  noWrap: true,
  cell: (item) => formatMoney(item.base_price_cents),
};

function tierPriceColumn(edits: PriceEditsState, canEdit: boolean): MemberColumn<TierItem> {
  return {
    header: 'Tier price',
    align: 'right',
    noWrap: true,
    cell: (item) =>
      canEdit ? (
        <TierPriceInput
          item={item}
          edit={edits.edits[item.product_id]}
          error={edits.errors[item.product_id]}
          onChange={(text) => edits.setText(item, text)}
          onRevert={() => edits.revert(item.product_id)}
        />
      ) : (
        formatMoney(item.price_cents)
      ),
  };
}

const DESCRIPTION =
  'Customers in this tier pay these prices (ex-GST); anything not listed is at its base price.';
const PICKER_NOTE = 'Each product joins at the price beside it, which starts at its base price.';

/**
 * A tier's Products tab: the shared products section with base and tier prices, edited in place
 * (on a phone its rows are cards, as every member table's are).
 */
export function TierProductsPanel(props: ProductsPanelProps) {
  const { group, canEdit } = props;
  const edits = usePriceEdits({ tierId: group.id, onRefused: props.onRefused });
  const [isPercentOffOpen, percentOff] = useDisclosure(false);
  const toolbar = canEdit ? (
    <Group gap="sm" wrap="wrap">
      <Button variant="light" onClick={percentOff.open}>
        Set prices by brand or category
      </Button>
      <PriceSaveBar edits={edits} />
    </Group>
  ) : undefined;
  return (
    <>
      <GroupProductsSection
        kind={pricingKind}
        group={group}
        canEdit={canEdit}
        description={DESCRIPTION}
        pickerNote={PICKER_NOTE}
        columns={[BASE_PRICE, tierPriceColumn(edits, canEdit)]}
        toolbar={toolbar}
        renderAdd={(product) => <TierProductAdder tierId={group.id} product={product} />}
        onRefused={props.onRefused}
      />
      {canEdit && <PercentOffModal tier={group} opened={isPercentOffOpen} onClose={percentOff.close} />}
      <UnsavedChangesGuard
        isDirty={edits.count > 0}
        message={`${edits.countLabel} in this tier ${edits.count === 1 ? 'has' : 'have'} not been saved and will be lost.`}
      />
    </>
  );
}
