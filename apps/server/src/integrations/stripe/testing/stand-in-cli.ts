import { parseArgs } from 'node:util';
import { startStripeStandIn } from './stripe-stand-in.ts';

// Runs the Stripe stand-in on its own, for trying card payments on a laptop without Stripe:
//   node --import tsx apps/server/src/integrations/stripe/testing/stand-in-cli.ts --port 4010 \
//     --webhook-url http://localhost:3000/api/v1/stripe/webhooks [--settlement via-webhook]
// then start the server with the environment it prints.

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    'webhook-url': { type: 'string' },
    settlement: { type: 'string', default: 'immediately' },
  },
});

const settlement = values.settlement === 'via-webhook' ? 'via-webhook' : 'immediately';
const standIn = await startStripeStandIn({
  port: Number(values.port),
  webhookUrl: values['webhook-url'],
  settlement,
});
console.log(`Stripe stand-in on ${standIn.url} (webhooks to ${values['webhook-url'] ?? 'nowhere'})`);
console.log('Start the server with:');
for (const [name, value] of Object.entries(standIn.env)) console.log(`  ${name}=${value}`);
console.log(
  'Test cards: 4242 4242 4242 4242 (US), 4000 0003 6000 0006 (AU), 4000 0000 0000 0002 (declined),',
);
console.log('            4000 0025 0000 3155 (asks for authentication); any future expiry, any CVC.');
console.log(
  `Subscription Checkout and the customer portal are pages at ${standIn.url}/c/pay/… and /p/session/….`,
);
process.on('SIGINT', () => void standIn.close().then(() => process.exit(0)));
