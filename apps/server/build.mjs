// Bundles the server's own code (and the workspace contract) into dist/main.js so production
// start-up needs no TypeScript loader. npm packages stay external and load from node_modules.
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const outdir = path.join(here, 'dist');

await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(outdir, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(pluginBuild) {
        pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@tradeport/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
// Migrations are read from beside the code at run time.
await cp(path.join(here, 'src/platform/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
