import { Table, Text } from '@mantine/core';
import type { CardQuote } from '@tradeport/contract';
import { formatMoney } from '#lib/format.ts';
import { describeCard } from '../model/card-words.ts';

/**
 * What the payer is about to pay, before paying: the orders, the amount, the card surcharge (only
 * when there is one: the server's line is null otherwise, and no $0.00 line is shown) and the total.
 */
export function QuoteSummary(props: { quote: CardQuote }) {
  const { quote } = props;
  return (
    <>
      <Text>{describeCard(quote.card)}</Text>
      <Table aria-label="Payment summary" verticalSpacing={6}>
        <Table.Tbody>
          {quote.orders.length > 1 &&
            quote.orders.map((order) => (
              <Table.Tr key={order.id}>
                <Table.Th scope="row" fw={400}>
                  Order {order.number}
                </Table.Th>
                <Table.Td ta="right">{formatMoney(order.amount_cents)}</Table.Td>
              </Table.Tr>
            ))}
          <Table.Tr>
            <Table.Th scope="row" fw={400}>
              {quote.orders.length === 1 ? `Order ${quote.orders[0]!.number}` : 'Amount'}
            </Table.Th>
            <Table.Td ta="right">{formatMoney(quote.amount_cents)}</Table.Td>
          </Table.Tr>
          {quote.surcharge && (
            <Table.Tr>
              <Table.Th scope="row" fw={400}>
                {quote.surcharge.label}
              </Table.Th>
              <Table.Td ta="right">{formatMoney(quote.surcharge.cents)}</Table.Td>
            </Table.Tr>
          )}
          <Table.Tr>
            <Table.Th scope="row">Total</Table.Th>
            <Table.Td ta="right" fw={700}>
              {formatMoney(quote.total_cents)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </>
  );
}
