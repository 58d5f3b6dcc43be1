import type { CardQuote } from '@tradeport/contract';
import { cardBrandName } from '#lib/card-brand.ts';

const regionNames = new Intl.DisplayNames(['en-AU'], { type: 'region' });

/** "United States" for "US"; the code itself when the name is unknown. */
export function countryName(code: string): string {
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** "Visa ending 4242, issued in United States": which card, and where it was issued (the surcharge turns on it). */
export function describeCard(card: CardQuote['card']): string {
  const brand = card.brand ? cardBrandName(card.brand) : 'Card';
  const ending = card.last4 ? ` ending ${card.last4}` : '';
  const issued = card.country
    ? `issued in ${countryName(card.country)}`
    : card.region === 'DOMESTIC'
      ? 'issued in Australia'
      : 'issued outside Australia';
  return `${brand}${ending}, ${issued}`;
}

/** "order 1042" or "orders 1042, 1043 and 1044". */
export function ordersPhrase(numbers: readonly number[]): string {
  if (numbers.length === 1) return `order ${numbers[0]}`;
  const head = numbers.slice(0, -1).join(', ');
  return `orders ${head} and ${numbers[numbers.length - 1]}`;
}
