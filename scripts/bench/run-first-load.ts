// `npm run bench:first-load`: the /sign-in first-load JS budget alone (see first-load.ts), on a
// fresh server, without the load runs around it in `npm run bench`.
import { startServer } from '../lib/server-process.ts';
import { printBudgets } from './budget.ts';
import { benchFirstLoad } from './foundation.ts';

const server = await startServer();
let ok = false;
try {
  ok = printBudgets([await benchFirstLoad(server.url)]);
} finally {
  await server.stop();
}
process.exit(ok ? 0 : 1);
