// Stripe's card brand codes in words, for a paying customer's card and a merchant's own.
const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  eftpos_au: 'eftpos',
};

/** "Visa" for Stripe's "visa"; a code we do not know, as it came. */
export function cardBrandName(brand: string): string {
  return BRANDS[brand] ?? brand;
}
