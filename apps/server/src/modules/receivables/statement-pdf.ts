import {
  formatAbn,
  formatInvoiceNumber,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
} from '@tradeport/contract';
import { PAGE_MARGIN, type Pdf, startDocument } from '../../platform/pdf/pdf-stream.ts';
import { drawTable, ensureRoom, type TableCell, type TableColumn } from '../../platform/pdf/pdf-table.ts';
import type { OrganisationRecord } from '../../platform/tenancy/membership.queries.ts';
import { addressLines, calendarDate, money } from '../order-documents/document-format.ts';
import type { StatementEntry } from './statement.queries.ts';

// A customer's statement of account with the merchant, as the service assembled it: every figure
// is computed before drawing, so the PDF only writes them down.

export type StatementLine = StatementEntry & { balanceCents: number };

export type Statement = {
  merchant: OrganisationRecord;
  customer: OrganisationRecord;
  /** Days from and to, both included. */
  period: { from: string; to: string };
  issuedOn: string;
  openingCents: number;
  closingCents: number;
  totals: { chargesCents: number; paymentsAndCreditsCents: number };
  lines: StatementLine[];
};

const CONTENT_WIDTH = 515;
const RIGHT_COLUMN = 215;
const MUTED = '#4a5361';

const COLUMNS: TableColumn[] = [
  { header: 'Date', width: 62 },
  { header: 'Details', width: 183 },
  { header: 'Due date', width: 62 },
  { header: 'Charges', width: 68, align: 'right' },
  { header: 'Payments and credits', width: 70, align: 'right' },
  { header: 'Balance', width: 70, align: 'right' },
];

/** A balance as statements write it: what is owed, or credit marked CR. */
export function balanceText(cents: number): string {
  return cents < 0 ? `${money(-cents)} CR` : money(cents);
}

/** Payments and credits are numbered per merchant and written `#12`, as the payments screens do. */
const numbered = (number: number) => `#${number}`;

const CREDIT_SOURCES: Record<string, string> = {
  MANUAL: 'Credit note',
  ORDER_ADJUSTMENT: 'Adjustment note',
};

/** What a line says: the document and, smaller beneath, what else identifies it. */
function details(line: StatementEntry): { text: string; note?: string } {
  const note = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ') || undefined;
  switch (line.kind) {
    case 'INVOICE':
      return {
        text: `Invoice ${formatInvoiceNumber(line.number)}`,
        note: note(`Order ${line.detail}`, line.reference && `PO ${line.reference}`),
      };
    case 'PAYMENT':
      return {
        text: `Payment ${numbered(line.number)}`,
        note: note(
          PAYMENT_METHOD_LABELS[line.detail as PaymentMethod],
          line.reference && `Ref ${line.reference}`,
        ),
      };
    case 'REFUND':
      return { text: `Refund of payment ${numbered(line.number)}`, note: note(line.reference) };
    case 'CREDIT':
      return {
        text: `${CREDIT_SOURCES[line.detail ?? ''] ?? 'Credit'} ${numbered(line.number)}`,
        note: note(line.reference),
      };
    case 'CREDIT_VOIDED':
      return { text: `Credit ${numbered(line.number)} voided`, note: note(line.reference) };
  }
}

function row(line: StatementLine): TableCell[] {
  return [
    calendarDate(line.day),
    details(line),
    line.dueDate ? calendarDate(line.dueDate) : '',
    line.amountCents > 0 ? money(line.amountCents) : '',
    line.amountCents < 0 ? money(-line.amountCents) : '',
    balanceText(line.balanceCents),
  ];
}

function partyLines(pdf: Pdf, organisation: OrganisationRecord, width: number) {
  if (organisation.abn) pdf.text(`ABN ${formatAbn(organisation.abn)}`, { width });
  for (const line of addressLines(organisation)) pdf.text(line, { width });
  if (organisation.contactEmail) pdf.text(organisation.contactEmail, { width });
  if (organisation.phone) pdf.text(organisation.phone, { width });
}

function drawHeading(pdf: Pdf, statement: Statement) {
  const top = PAGE_MARGIN;
  pdf
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor('black')
    .text(statement.merchant.title, PAGE_MARGIN, top, {
      width: 280,
    });
  pdf.font('Helvetica').fontSize(9);
  partyLines(pdf, statement.merchant, 280);
  const leftBottom = pdf.y;

  const x = PAGE_MARGIN + CONTENT_WIDTH - RIGHT_COLUMN;
  pdf.font('Helvetica-Bold').fontSize(20).text('Statement', x, top, { width: RIGHT_COLUMN, align: 'right' });
  let y = pdf.y + 6;
  const rows: [string, string][] = [
    ['Period', `${calendarDate(statement.period.from)} – ${calendarDate(statement.period.to)}`],
    ['Issued', calendarDate(statement.issuedOn)],
    ['Closing balance', balanceText(statement.closingCents)],
  ];
  for (const [label, value] of rows) {
    pdf
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(label, x, y, { width: RIGHT_COLUMN / 2 });
    pdf
      .font('Helvetica-Bold')
      .fillColor('black')
      .text(value, x + RIGHT_COLUMN / 2, y, { width: RIGHT_COLUMN / 2, align: 'right' });
    y = Math.max(y + 13, pdf.y);
  }
  pdf.y = Math.max(leftBottom, y) + 16;

  pdf
    .font('Helvetica-Bold')
    .fontSize(9)
    .fillColor(MUTED)
    .text('Account of', PAGE_MARGIN, pdf.y, { width: 250 });
  pdf.font('Helvetica-Bold').fontSize(10).fillColor('black').text(statement.customer.title, { width: 250 });
  pdf.font('Helvetica').fontSize(9);
  partyLines(pdf, statement.customer, 250);
  pdf.moveDown(1);
}

function drawSummary(pdf: Pdf, statement: Statement, onNewPage: () => void) {
  const rows: [string, string][] = [
    [`Opening balance on ${calendarDate(statement.period.from)}`, balanceText(statement.openingCents)],
    ['Invoices, refunds and credit voided', money(statement.totals.chargesCents)],
    ['Payments and credits', `-${money(statement.totals.paymentsAndCreditsCents)}`],
  ];
  ensureRoom(pdf, 80, onNewPage);
  const x = PAGE_MARGIN + CONTENT_WIDTH - 300;
  let y = pdf.y + 8;
  for (const [label, value] of rows) {
    pdf.font('Helvetica').fontSize(9).text(label, x, y, { width: 200 });
    pdf.text(value, x + 200, y, { width: 100, align: 'right' });
    y = pdf.y + 3;
  }
  pdf
    .moveTo(x, y)
    .lineTo(x + 300, y)
    .lineWidth(1)
    .strokeColor('#1f2733')
    .stroke();
  y += 5;
  pdf
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(`Closing balance on ${calendarDate(statement.period.to)}`, x, y, { width: 200 });
  pdf.text(balanceText(statement.closingCents), x + 200, y, { width: 100, align: 'right' });
  pdf
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      'The balance is what the invoices still owe less unspent account credit; CR is credit in your favour.',
      PAGE_MARGIN,
      pdf.y + 10,
      { width: CONTENT_WIDTH, align: 'right' },
    )
    .fillColor('black');
}

/** Draws one statement, on as many pages as its lines need. */
export function drawStatement(pdf: Pdf, statement: Statement) {
  const title = `Statement ${calendarDate(statement.period.from)} – ${calendarDate(statement.period.to)}`;
  const document = startDocument(
    pdf,
    (page, count) => `${statement.customer.title} · ${title} · Page ${page} of ${count}`,
  );
  const continued = () => {
    pdf
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor('black')
      .text(`${title} (continued) · ${statement.customer.title}`, PAGE_MARGIN, PAGE_MARGIN, {
        width: CONTENT_WIDTH,
      });
    pdf.moveDown(0.8);
  };
  drawHeading(pdf, statement);
  const { from, to } = statement.period;
  drawTable(pdf, {
    columns: COLUMNS,
    rows: [
      [calendarDate(from), 'Opening balance', '', '', '', balanceText(statement.openingCents)],
      ...statement.lines.map(row),
      [calendarDate(to), 'Closing balance', '', '', '', balanceText(statement.closingCents)],
    ],
    onNewPage: continued,
  });
  drawSummary(pdf, statement, continued);
  document.end();
}
