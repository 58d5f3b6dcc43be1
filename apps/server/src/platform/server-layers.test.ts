import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own lint configuration (eslint/server-layers.js) over made-up files: what it
// reports is what `npm run lint` would report for a file at that path.
const eslint = new ESLint({ cwd: fileURLToPath(new URL('../../../../', import.meta.url)) });

async function restrictedImports(options: { code: string; filePath: string }) {
  const [result] = await eslint.lintText(options.code, { filePath: options.filePath });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports');
}

const SQL_IMPORTS = [
  `import { eq } from 'drizzle-orm';`,
  `import { alias } from 'drizzle-orm/pg-core';`,
  `import { products } from '../../platform/db/schema/index.ts';`,
  `import { users } from '../db/schema/users.ts';`,
  `import pg from 'pg';`,
  `import { PGlite } from '@electric-sql/pglite';`,
  `export { products } from '../../platform/db/schema/index.ts';`,
];

describe('server layering lint', () => {
  it.each(SQL_IMPORTS)('refuses %s in a service', async (code) => {
    const messages = await restrictedImports({
      code: `${code}\nexport const x = 1;\n`,
      filePath: 'apps/server/src/modules/products/products.service.ts',
    });
    expect(messages).toHaveLength(1);
  });

  it.each([
    'apps/server/src/modules/products/products.queries.ts',
    'apps/server/src/platform/db/client.ts',
    'apps/server/src/seed/demo.ts',
    'apps/server/src/testing/factories.ts',
    'apps/server/src/modules/products/products.testing.ts',
    'apps/server/src/modules/products/products.test.ts',
  ])('lets %s use the database', async (filePath) => {
    const code = `${SQL_IMPORTS.slice(0, 4).join('\n')}\nexport const x = [eq, alias, products, users];\n`;
    expect(await restrictedImports({ code, filePath })).toEqual([]);
  });

  it('passes a service that calls query functions and a route that calls the service', async () => {
    const service = await restrictedImports({
      code: `import type { Db } from '../../platform/db/client.ts';\nimport { findProduct } from './products.queries.ts';\nexport const get = (db: Db) => findProduct(db);\n`,
      filePath: 'apps/server/src/modules/products/products.service.ts',
    });
    const routes = await restrictedImports({
      code: `import { createProductsService } from './products.service.ts';\nexport const routes = createProductsService;\n`,
      filePath: 'apps/server/src/modules/products/products.routes.ts',
    });
    expect([...service, ...routes]).toEqual([]);
  });

  it('refuses a route that calls a queries file, and SQL in a route', async () => {
    const messages = await restrictedImports({
      code: `import { findProduct } from './products.queries.ts';\nimport { sql } from 'drizzle-orm';\nexport const x = [findProduct, sql];\n`,
      filePath: 'apps/server/src/modules/products/products.routes.ts',
    });
    expect(messages.map((message) => message.message)).toEqual([
      expect.stringContaining('Routes call services'),
      expect.stringContaining('*.queries.ts'),
    ]);
  });

  it('does not mistake a package that merely starts with pg for the driver', async () => {
    const messages = await restrictedImports({
      code: `import PgBoss from 'pg-boss';\nexport const x = PgBoss;\n`,
      filePath: 'apps/server/src/platform/jobs/jobs.ts',
    });
    expect(messages).toEqual([]);
  });
});
