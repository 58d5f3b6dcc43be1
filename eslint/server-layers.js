// Server layering rules (DESIGN §4): SQL and the schema only in *.queries.ts and platform/db;
// routes call services. Seed data, test helpers and tests build their own rows, so they may
// reach the database directly.

const SERVER = 'apps/server/src';

/** Where the database may be named: the query layer, the database platform and test/seed code. */
const DATABASE_ALLOWED = [
  `${SERVER}/**/*.queries.ts`,
  `${SERVER}/platform/db/**`,
  `${SERVER}/seed/**`,
  `${SERVER}/testing/**`,
  `${SERVER}/**/*.testing.ts`,
  `${SERVER}/**/*.test.ts`,
];

// Regexes rather than globs: a glob like `pg` would also match any path segment named pg, and
// the schema is reached by relative paths of any depth (`../db/schema/index.ts`, `./schema`).
const DATABASE_IMPORTS = [
  {
    regex: '^(drizzle-orm|pg|@electric-sql/pglite)(/.*)?$',
    message: 'SQL belongs in a *.queries.ts file (or platform/db); call a query function from here.',
  },
  {
    regex: '(^|/)db/schema(/.*)?$',
    message: 'The schema belongs to *.queries.ts files (and platform/db); call a query function from here.',
  },
];

const QUERIES_IMPORT = {
  regex: '\\.queries(\\.ts)?$',
  message: 'Routes call services; move this call behind a service function.',
};

export default [
  {
    files: [`${SERVER}/**/*.ts`],
    ignores: DATABASE_ALLOWED,
    rules: { 'no-restricted-imports': ['error', { patterns: DATABASE_IMPORTS }] },
  },
  {
    // A later block replaces the rule's options rather than adding to them, so routes repeat the
    // database patterns beside their own.
    files: [`${SERVER}/**/*.routes.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: [...DATABASE_IMPORTS, QUERIES_IMPORT] }] },
  },
];
