import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

// Data for the catalogue bench: the large data set (seeded by the server's own generator in a
// child process, so a PGlite data dir is closed before the server opens it) and an import CSV.

const ROOT = path.resolve(import.meta.dirname, '../..');
const LARGE_SEED_CLI = 'apps/server/src/seed/large-cli.ts';

/** The users `npm run seed:large` creates (its default slug and password). */
export const LARGE_LOGINS = {
  admin: { email: 'admin@large-wholesale.test', password: 'large-password-1' },
  customer: { email: 'customer@large-wholesale.test', password: 'large-password-1' },
};

/**
 * Runs `seed:large` against DATABASE_URL, or the PGlite in DATA_DIR when DATABASE_URL is empty,
 * echoing its per-stage timings. Resolves with the wall time in ms.
 */
export async function loadLargeData(
  env: { DATABASE_URL: string } | { DATA_DIR: string },
  options: { orders?: number } = {},
): Promise<number> {
  const startedAt = performance.now();
  const args = options.orders === undefined ? [] : [`--orders=${options.orders}`];
  const child = spawn(process.execPath, ['--import', 'tsx', LARGE_SEED_CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  createInterface({ input: child.stdout }).on('line', (line) => console.log(`  ${line}`));
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`seed:large failed (exit ${code}):\n${errors}`);
  return performance.now() - startedAt;
}

type Session = { url: string; token: string };

export async function signIn(url: string, login: { email: string; password: string }): Promise<Session> {
  const response = await fetch(`${url}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(login),
  });
  if (!response.ok) throw new Error(`sign-in as ${login.email}: ${response.status} ${await response.text()}`);
  return { url, token: ((await response.json()) as { access_token: string }).access_token };
}

export async function getJson<T>(session: Session, apiPath: string): Promise<T> {
  const response = await fetch(`${session.url}/api/v1${apiPath}`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  if (!response.ok) throw new Error(`GET ${apiPath}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The organisation a signed-in person acts for (their first one). */
export async function currentOrganisationId(session: Session): Promise<string> {
  const user = await getJson<{ organisations: { id: string }[] }>(session, '/users/current');
  const id = user.organisations[0]?.id;
  if (!id) throw new Error('the signed-in user has no organisation');
  return id;
}

type Named = { id: string; name: string };

/** The merchant's vocabulary names, as an import file writes them ("Parent > Sub" for categories). */
export async function vocabularyNames(session: Session, merchantId: string) {
  const names = async (segment: string) =>
    (await getJson<{ items: Named[] }>(session, `/products/${segment}/organisation/${merchantId}?limit=100`))
      .items;
  const categories = (await names('categories')) as (Named & { parent_id: string | null })[];
  const byId = new Map(categories.map((category) => [category.id, category.name]));
  return {
    brands: (await names('brands')).map((brand) => brand.name),
    suppliers: (await names('suppliers')).map((supplier) => supplier.name),
    units: (await names('uom')).map((unit) => unit.name),
    categories: categories.map((category) =>
      category.parent_id ? `${byId.get(category.parent_id)} > ${category.name}` : category.name,
    ),
  };
}

const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * `rows` new products as an import file (the PRODUCT_CSV_COLUMNS header), mostly naming the
 * merchant's existing vocabulary, with a handful of new brands for the import to create.
 */
export function buildImportCsv(options: {
  rows: number;
  skuPrefix: string;
  vocabulary: Awaited<ReturnType<typeof vocabularyNames>>;
}): string {
  const { rows, skuPrefix, vocabulary } = options;
  const pick = (list: string[], i: number) => (list.length > 0 ? list[i % list.length]! : '');
  // PRODUCT_CSV_COLUMNS of the contract, which this project does not import.
  const header =
    'sku,name,description,brand,supplier,category,unit,base_price,cost,gst,min_order_quantity,pack_size,barcode,active';
  const lines = [header];
  for (let i = 0; i < rows; i++) {
    const brand = i % 2_000 === 0 ? `Imported Brand ${i / 2_000 + 1}` : pick(vocabulary.brands, i);
    const cents = 250 + ((i * 7_919) % 9_750);
    lines.push(
      [
        `${skuPrefix}-${String(i + 1).padStart(6, '0')}`,
        `${brand} Imported Line ${i + 1} ${['500g', '1kg', '2L', 'x 24'][i % 4]}`,
        i % 3 === 0 ? 'Imported from the supplier price file, with a comma' : '',
        brand,
        pick(vocabulary.suppliers, i),
        pick(vocabulary.categories, i),
        pick(vocabulary.units, i),
        (cents / 100).toFixed(2),
        ((cents * 0.65) / 100).toFixed(2),
        i % 3 === 0 ? 'no' : 'yes',
        String(1 + (i % 4)),
        String([1, 6, 12, 24][i % 4]),
        i % 5 === 0 ? '' : String(9_300_000_000_000 + i),
        'yes',
      ]
        .map(cell)
        .join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}
