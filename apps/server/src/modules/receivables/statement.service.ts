import {
  addDays,
  dateInZone,
  DEFAULT_STATEMENT_PERIOD,
  MAX_STATEMENT_ENTRIES,
  periodDayRange,
  type StatementQuery,
} from '@tradeport/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { streamPdf } from '../../platform/pdf/pdf-stream.ts';
import { drawStatement, type Statement, type StatementLine } from './statement-pdf.ts';
import {
  findStatementParties,
  listStatementEntries,
  openingBalance,
  type StatementEntry,
} from './statement.queries.ts';

/** Each entry with the balance after it, from the opening balance. */
export function withRunningBalance(openingCents: number, entries: StatementEntry[]): StatementLine[] {
  let balance = openingCents;
  return entries.map((entry) => {
    balance += entry.amountCents;
    return { ...entry, balanceCents: balance };
  });
}

async function* once<T>(item: T): AsyncGenerator<T[]> {
  yield [item];
}

/** A customer's statement of account for a period, as a PDF (SPEC: "Customer Accounts"). */
export function createStatementService(deps: Pick<AppDeps, 'database' | 'now'>) {
  const { db } = deps.database;

  return {
    /**
     * Everything is read and added up before the first byte is sent, so a refusal (a period with
     * more entries than a statement prints) is an ordinary error response.
     */
    async build(options: {
      merchantId: string;
      customerOrganisationId: string;
      customerAccountId: string;
      query: z.output<typeof StatementQuery>;
    }): Promise<Statement> {
      const parties = await findStatementParties(db, options);
      if (!parties) throw notFound('Customer account');
      const { timeZone } = parties.merchant;
      const now = deps.now();
      const range = periodDayRange(options.query, { now, timeZone, fallback: DEFAULT_STATEMENT_PERIOD });
      const account = { merchantId: options.merchantId, customerAccountId: options.customerAccountId };
      const [openingCents, entries] = await Promise.all([
        openingBalance(db, { ...account, before: range.from, timeZone }),
        listStatementEntries(db, { ...account, ...range, timeZone, limit: MAX_STATEMENT_ENTRIES + 1 }),
      ]);
      if (entries.length > MAX_STATEMENT_ENTRIES) {
        throw new AppError(
          'VALIDATION_ERROR',
          `This period has more than ${MAX_STATEMENT_ENTRIES.toLocaleString('en-AU')} entries; choose a shorter one.`,
          [{ path: 'querystring.from', message: 'Choose a shorter period' }],
        );
      }
      const lines = withRunningBalance(openingCents, entries);
      const sum = (sign: 1 | -1) =>
        entries.reduce((total, entry) => total + Math.max(0, sign * entry.amountCents), 0);
      return {
        merchant: parties.merchant,
        customer: parties.customer,
        period: { from: range.from, to: addDays(range.to, -1) },
        issuedOn: dateInZone(now, timeZone),
        openingCents,
        closingCents: lines.at(-1)?.balanceCents ?? openingCents,
        totals: { chargesCents: sum(1), paymentsAndCreditsCents: sum(-1) },
        lines,
      };
    },

    render: (statement: Statement): AsyncIterable<Buffer> =>
      streamPdf({
        title: `Statement for ${statement.customer.title}`,
        batches: once(statement),
        draw: drawStatement,
      }),
  };
}
