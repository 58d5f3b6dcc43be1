// `npm run bench:catalogue`: the catalogue suite alone (see catalogue.ts), with its budgets.
import { printBudgets } from './budget.ts';
import { benchCatalogue } from './catalogue.ts';

const ok = printBudgets(await benchCatalogue());
process.exit(ok ? 0 : 1);
