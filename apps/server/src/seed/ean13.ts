/** A valid EAN-13 from its first 12 digits (GS1 check digit: weights 1,3,1,3… from the left). */
export function ean13(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

/** An Australian-prefixed (93) barcode for item number `n` of a made-up company. */
export function demoBarcode(company: number, n: number): string {
  return ean13(`93${String(company).padStart(5, '0')}${String(n).padStart(5, '0')}`);
}
