import { parseArgs } from 'node:util';
import { startXeroStandIn } from './xero-stand-in.ts';

// Runs the Xero stand-in on its own, for trying the Xero integration on a laptop without Xero:
//   node --import tsx apps/server/src/integrations/accounting/xero/testing/stand-in-cli.ts --port 4020
// then start the server with the environment it prints.

const { values } = parseArgs({ options: { port: { type: 'string', default: '4020' } } });

const standIn = await startXeroStandIn({ port: Number(values.port) });
console.log(`Xero stand-in on ${standIn.url} (consent grants "Harbourside Wholesale Pty Ltd")`);
console.log('Start the server with:');
for (const [name, value] of Object.entries(standIn.env)) console.log(`  ${name}=${value}`);
process.on('SIGINT', () => void standIn.close().then(() => process.exit(0)));
