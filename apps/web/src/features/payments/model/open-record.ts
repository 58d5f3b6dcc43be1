// A payment or a credit opens in a drawer over its list, named by the address (`?payment=<id>`,
// `?credit=<id>`), so a record can be linked to (from an order, from another record) and Back or
// a reload keeps it open; the list's filters stay as they were around it.

export type RecordParam = 'payment' | 'credit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The query (with its "?") that opens record `id` over the current one, `search`. */
export function withOpenRecord(search: string, param: RecordParam, id: string): string {
  const next = new URLSearchParams(search);
  next.set(param, id);
  return `?${next.toString()}`;
}

/** The query without the open record. */
export function withoutOpenRecord(search: URLSearchParams, param: RecordParam): URLSearchParams {
  const next = new URLSearchParams(search);
  next.delete(param);
  return next;
}

/** The record the address opens, or null (none, or not an id). */
export function openRecordOf(search: URLSearchParams, param: RecordParam): string | null {
  const value = search.get(param);
  return value && UUID.test(value) ? value.toLowerCase() : null;
}
