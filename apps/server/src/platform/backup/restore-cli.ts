// `npm run restore -- <file>`: replaces the database the server uses with a backup (same settings:
// DATABASE_URL, else the embedded PGlite in DATA_DIR). See docs/backup-and-restore.md.
import { runCli, runRestore } from './backup-commands.ts';

const usage = [
  'Usage: npm run restore -- <file>',
  '  Restores a backup made by npm run backup: a .pgdump into DATABASE_URL (pg_restore), a .tar.gz',
  '  into the embedded database in DATA_DIR (the server stopped; the replaced one is kept beside it).',
].join('\n');

await runCli({
  usage,
  async run({ config, file }) {
    if (!file) {
      console.error(`Name the backup to restore.\n${usage}`);
      process.exitCode = 2;
      return;
    }
    await runRestore({ config, file, log: (line) => console.log(line) });
  },
});
