// `npm run seed:large`: a merchant with 100,000 products (and tiers, groups, 5,000 customers) in
// the database the server would use: DATABASE_URL, else the embedded PGlite in DATA_DIR (./data).
// Stop the server first when it runs on PGlite: one process per data dir.
//   --slug=<slug>   another merchant beside an earlier one (users admin@<slug>.test, customer@<slug>.test)
//   --products=<n>  fewer or more products (tier prices scale with them)
//   --orders=<n>    fewer or more orders than 1,000,000 (0: the catalogue only)
import path from 'node:path';
import { openDatabase } from '../platform/db/client.ts';
import { migrateDatabase } from '../platform/db/migrate.ts';
import { SeedLargeError, seedLarge } from './large.ts';

const argument = (name: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) || undefined;
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = path.resolve(process.env.DATA_DIR || './data');
const products = argument('products') ? Number(argument('products')) : undefined;
const orders = argument('orders') !== undefined ? Number(argument('orders')) : undefined;

console.log(
  `Seeding the large data set into ${databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${dataDir}`}`,
);
const started = performance.now();
const database = await openDatabase(
  databaseUrl
    ? { kind: 'postgres', url: databaseUrl }
    : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
);
try {
  await migrateDatabase(database);
  console.log(
    `  ${'open and migrate'.padEnd(44)} ${(performance.now() - started).toFixed(0).padStart(7)} ms`,
  );
  const result = await seedLarge(database.db, {
    slug: argument('slug'),
    ...(products ? { products, tierPrices: products * 3 } : {}),
    orders,
    log: (line) => console.log(line),
  });
  console.log(
    `Done in ${((performance.now() - started) / 1000).toFixed(1)} s. Sign in with password ${result.password}:`,
  );
  console.log(`  Merchant Admin  ${result.adminEmail}`);
  console.log(`  Customer        ${result.customerEmail}`);
} catch (error) {
  if (!(error instanceof SeedLargeError)) throw error;
  console.error(`${error.message} Pass --slug=<another> to add a second one.`);
  process.exitCode = 1;
} finally {
  await database.close();
}
