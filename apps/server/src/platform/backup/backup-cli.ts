// `npm run backup -- [file]`: backs up the database the server uses (same settings: DATABASE_URL,
// else the embedded PGlite in DATA_DIR, default ./data). See docs/backup-and-restore.md.
import { runBackup, runCli } from './backup-commands.ts';

await runCli({
  usage: [
    'Usage: npm run backup -- [file]',
    '  Backs up DATABASE_URL with pg_dump, or the embedded database in DATA_DIR (from the running',
    '  server when there is one). Default file: backups/tradeport-<engine>-<time>.tar.gz|.pgdump',
  ].join('\n'),
  async run({ config, file }) {
    await runBackup({ config, file, log: (line) => console.log(line) });
  },
});
