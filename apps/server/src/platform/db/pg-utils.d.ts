// node-postgres' own conversion of a parameter's value to the text it sends (pg ships no types for
// its lib/ files): statement-caching-client.ts writes values into a statement exactly so.
declare module 'pg/lib/utils.js' {
  export function prepareValue(value: unknown): string | Buffer | null;
}
