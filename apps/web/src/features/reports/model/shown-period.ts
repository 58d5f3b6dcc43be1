/**
 * The days the report on screen covers, to name its CSV and start custom dates from; none while
 * the last period's answer stands in for a new one, whose days are not known yet.
 */
export function shownPeriod(query: {
  data?: { period: { from: string; to: string } } | undefined;
  isPlaceholderData: boolean;
}): { from: string; to: string } | null {
  return query.isPlaceholderData ? null : (query.data?.period ?? null);
}
