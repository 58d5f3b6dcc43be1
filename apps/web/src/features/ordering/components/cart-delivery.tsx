import { Group, NativeSelect, Radio, Stack, Text } from '@mantine/core';
import { type Cart, type CartDeliveryOption, DATE_LOCALE } from '@tradeport/contract';
import { formatMoney } from '#lib/format.ts';

const weekday = new Intl.DateTimeFormat(DATE_LOCALE, { weekday: 'short', timeZone: 'UTC' });
const dayMonthYear = new Intl.DateTimeFormat(DATE_LOCALE, {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Tue 25/11/2026": a calendar date, read in UTC so no time zone can move it a day. */
export function deliveryDateLabel(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return `${weekday.format(date)} ${dayMonthYear.format(date)}`;
}

function feeText(option: CartDeliveryOption): string {
  const fee = option.fee_cents === 0 ? 'Free' : `${formatMoney(option.fee_cents)} ex GST`;
  return option.minimum_order_cents
    ? `${fee} · minimum order ${formatMoney(option.minimum_order_cents)}`
    : fee;
}

function OptionCard(props: { option: CartDeliveryOption }) {
  const { option } = props;
  return (
    <Radio.Card
      value={option.id}
      radius="md"
      p="sm"
      disabled={option.problem !== null}
      style={option.problem ? { opacity: 0.65, cursor: 'not-allowed' } : undefined}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator disabled={option.problem !== null} />
        <Stack gap={2}>
          <Text fw={600}>{option.name}</Text>
          <Text size="sm" c="dimmed">
            {option.kind === 'PICK_UP' ? 'Pick-up' : 'Delivery'} · {feeText(option)}
          </Text>
          {option.problem && (
            <Text size="sm" c="red">
              {option.problem}
            </Text>
          )}
        </Stack>
      </Group>
    </Radio.Card>
  );
}

/**
 * How the order reaches the customer: the methods this cart may use as radio cards (one it cannot
 * use says why and cannot be chosen), then the dates the chosen one delivers on.
 */
export function CartDelivery(props: {
  cart: Cart;
  disabled: boolean;
  onChange: (choice: { shipping_method_id: string; requested_delivery_date: string | null }) => void;
}) {
  const { cart } = props;
  const chosen = cart.delivery_options.find((option) => option.id === cart.shipping_method_id) ?? null;
  // A date saved earlier that the method no longer delivers on (it has passed) is not offered:
  // the select asks for a new one, and the cart's problems say why it cannot be placed as it is.
  const date =
    chosen && cart.requested_delivery_date && chosen.dates.includes(cart.requested_delivery_date)
      ? cart.requested_delivery_date
      : '';

  if (cart.delivery_options.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No delivery method is offered for this order. Contact the merchant to arrange one.
      </Text>
    );
  }

  const choose = (id: string) => {
    const option = cart.delivery_options.find((candidate) => candidate.id === id);
    if (!option || option.problem) return;
    // Keep the date when the new method delivers on it too; else its earliest.
    const date =
      cart.requested_delivery_date && option.dates.includes(cart.requested_delivery_date)
        ? cart.requested_delivery_date
        : (option.dates[0] ?? null);
    props.onChange({ shipping_method_id: option.id, requested_delivery_date: date });
  };

  return (
    <Stack gap="sm">
      <Radio.Group label="Delivery method" value={cart.shipping_method_id} onChange={choose}>
        <Stack gap="xs" mt="xs">
          {cart.delivery_options.map((option) => (
            <OptionCard key={option.id} option={option} />
          ))}
        </Stack>
      </Radio.Group>
      {chosen && chosen.dates.length > 0 && (
        <NativeSelect
          label={chosen.kind === 'PICK_UP' ? 'Pick-up date' : 'Delivery date'}
          size="md"
          disabled={props.disabled}
          value={date}
          onChange={(event) =>
            props.onChange({
              shipping_method_id: chosen.id,
              requested_delivery_date: event.currentTarget.value || null,
            })
          }
          data={[
            ...(date ? [] : [{ value: '', label: 'Choose a date' }]),
            ...chosen.dates.map((option) => ({ value: option, label: deliveryDateLabel(option) })),
          ]}
        />
      )}
    </Stack>
  );
}
