/**
 * A share of the credit limit in whole percent, rounded down so a balance just under its limit
 * never reads "100 %"; over the limit it reads above 100.
 */
export function limitUsedPercent(basisPoints: number): number {
  return Math.floor(basisPoints / 100);
}
