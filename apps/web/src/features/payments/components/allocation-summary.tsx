import { Text } from '@mantine/core';
import { formatMoney } from '#lib/format.ts';

/**
 * Under the allocations: how much is allocated of how much, and what is left over (which becomes
 * account credit for a payment, and stays on the credit when applying one). Announced as it changes.
 */
export function AllocationSummary(props: {
  allocatedCents: number;
  availableCents: number | null;
  /** "the payment" / "the credit". */
  of: string;
  /** What becomes of what is left over, e.g. "becomes account credit for Café Aroma". */
  leftOver: string;
  problem: string | null;
}) {
  const { allocatedCents, availableCents } = props;
  let words: string;
  if (props.problem) words = props.problem;
  else if (availableCents === null)
    words = `Allocated ${formatMoney(allocatedCents)}. Enter the amount of ${props.of} to see what is left over.`;
  else {
    const left = availableCents - allocatedCents;
    words = `Allocated ${formatMoney(allocatedCents)} of ${formatMoney(availableCents)}.${left > 0 ? ` ${formatMoney(left)} left over ${props.leftOver}.` : ''}`;
  }
  return (
    <Text
      size="sm"
      fw={500}
      c={props.problem ? 'red' : undefined}
      aria-live="polite"
      data-testid="allocation-summary"
    >
      {words}
    </Text>
  );
}
