/** "1 invoice", "3 invoices": a count with its noun. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-AU')} ${count === 1 ? singular : plural}`;
}
