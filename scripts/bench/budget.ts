export type Budget = { name: string; value: number; limit: string; ok: boolean };

export function checkBudget(
  name: string,
  value: number,
  rule: { atMost?: number; atLeast?: number; unit: string },
): Budget {
  const ok =
    (rule.atMost === undefined || value <= rule.atMost) &&
    (rule.atLeast === undefined || value >= rule.atLeast);
  const limit =
    rule.atMost !== undefined ? `≤ ${rule.atMost} ${rule.unit}` : `≥ ${rule.atLeast} ${rule.unit}`;
  return { name, value, limit, ok };
}

export function printBudgets(budgets: Budget[]): boolean {
  console.log('\nBudgets');
  for (const b of budgets) {
    console.log(
      `  ${b.ok ? 'PASS' : 'FAIL'}  ${b.name.padEnd(40)} ${b.value.toFixed(1).padStart(9)}  (${b.limit})`,
    );
  }
  return budgets.every((b) => b.ok);
}
