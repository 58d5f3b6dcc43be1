// The rule lives in eslint/web-boundaries.js, which no vitest project covers; it is tested here, in
// the project of the code it guards, through the repository's real ESLint config so the wiring is
// proven too.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: repositoryRoot });

async function boundaryErrors(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repositoryRoot, 'apps/web/src', file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'web-boundaries/no-cross-boundary-import')
    .map((message) => message.message);
}

describe('web import boundaries', () => {
  it('fails a feature importing another feature through the alias', async () => {
    const errors = await boundaryErrors(
      "import { productKeys } from '#features/products/api/product-keys.ts';\nexport const keys = productKeys;\n",
      'features/pricing/api/prices.ts',
    );
    expect(errors).toEqual([
      'features/pricing may not import features/products: features never import each other. Move what both need to shared/ or lib/.',
    ]);
  });

  it('fails a feature reaching another feature by a relative path, a re-export or a lazy import', async () => {
    const code = [
      "import { a } from '../../products/api/a.ts';",
      "export { b } from '../../customers/model/b.ts';",
      "export const c = () => import('../../people/screens/c.tsx');",
      'export const d = a;',
      '',
    ].join('\n');
    expect(await boundaryErrors(code, 'features/pricing/screens/x.tsx')).toHaveLength(3);
  });

  it('fails lib/, shared/ and testing/ importing a feature', async () => {
    const code = "import { x } from '#features/products/api/x.ts';\nexport const y = x;\n";
    for (const file of ['lib/x.ts', 'shared/product-groups/x.ts', 'testing/x.ts']) {
      expect(await boundaryErrors(code, file), file).toHaveLength(1);
    }
  });

  it('fails lib/ importing shared/ or app/', async () => {
    const code =
      "import { a } from '#shared/product-groups/a.ts';\nimport { b } from '../app/b.ts';\nexport const c = [a, b];\n";
    expect(await boundaryErrors(code, 'lib/x.ts')).toEqual([
      'lib/ may not import shared/: it sits below it. Move what both need down to shared/ or lib/.',
      'lib/ may not import app/: it sits below it. Move what both need down to shared/ or lib/.',
    ]);
  });

  it('passes a feature importing its own files, lib/, shared/, testing/ and packages', async () => {
    const code = [
      "import { useQuery } from '@tanstack/react-query';",
      "import { a } from '../api/a.ts';",
      "import { b } from '#features/pricing/model/b.ts';",
      "import { c } from '#lib/c.ts';",
      "import { d } from '#shared/product-groups/d.ts';",
      "import { e } from '#testing/e.ts';",
      'export const f = [useQuery, a, b, c, d, e];',
      '',
    ].join('\n');
    expect(await boundaryErrors(code, 'features/pricing/screens/x.tsx')).toEqual([]);
  });

  it('passes the app importing features, since it composes them', async () => {
    const code = "import { x } from '#features/products/screens/x.tsx';\nexport const y = x;\n";
    expect(await boundaryErrors(code, 'app/router.tsx')).toEqual([]);
  });
});
