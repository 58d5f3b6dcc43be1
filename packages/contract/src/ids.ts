import { z } from 'zod';

/**
 * What an id names. Declared on every id schema so that tooling (the server's generated access
 * test) knows which record a path or query id refers to without a hand-kept list per endpoint.
 * `merchant` and `customer organisation` are organisations in a known role: the role decides
 * which tenant's id a cross-tenant check has to send.
 */
export type RecordKind =
  | 'organisation'
  | 'merchant'
  | 'customer organisation'
  | 'customer'
  | 'user'
  | 'invitation'
  | 'product'
  | 'brand'
  | 'supplier'
  | 'unit of measure'
  | 'category'
  | 'pricing tier'
  | 'visibility group'
  | 'order'
  | 'shipping method'
  | 'tax rule'
  | 'payment link'
  | 'payment'
  | 'credit'
  | 'accounting sync record';

/** Every id schema made by RecordId, with the record kind it names. */
export const recordIds = z.registry<{ record: RecordKind }>();

/**
 * A record id as a client sends it: any UUID, read in lower case. PostgreSQL answers ids in lower
 * case, so ids compared or used as keys beside database rows must be too ("ABC…" is "abc…").
 */
export const RecordId = (record: RecordKind) => {
  const schema = z.uuid({ message: `Not a valid ${record} id` }).transform((id) => id.toLowerCase());
  recordIds.add(schema, { record });
  return schema;
};
