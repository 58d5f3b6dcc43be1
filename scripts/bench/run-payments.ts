// `npm run bench:payments`: the payments suite alone (see payments.ts), with its budgets.
import { printBudgets } from './budget.ts';
import { benchPayments } from './payments.ts';

const ok = printBudgets(await benchPayments());
process.exit(ok ? 0 : 1);
