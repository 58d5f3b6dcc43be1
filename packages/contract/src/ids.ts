import { z } from 'zod';

/**
 * A record id as a client sends it: any UUID, read in lower case. PostgreSQL answers ids in lower
 * case, so ids compared or used as keys beside database rows must be too ("ABC…" is "abc…").
 */
export const RecordId = (label: string) =>
  z.uuid({ message: `Not a valid ${label} id` }).transform((id) => id.toLowerCase());
