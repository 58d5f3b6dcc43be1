import { formatAbn, formatBsb, formatInvoiceNumber, isBuyerAbnRequired } from '@tradeport/contract';
import { PAGE_MARGIN, type Pdf, startDocument } from '../../platform/pdf/pdf-stream.ts';
import { drawTable, ensureRoom, type TableColumn } from '../../platform/pdf/pdf-table.ts';
import { addressLines, calendarDate, dayIn, gstRate, money, quantityWithUnit } from './document-format.ts';
import type { DocumentLineRow, DocumentOrderRow } from './order-documents.queries.ts';

export type DocumentOrder = DocumentOrderRow & { lines: DocumentLineRow[] };

// An Australian tax invoice (ATO: what a tax invoice must show), drawn from the order as it was
// stored when placed and edited: no figure here is computed again, so it always matches the
// order screen and the accounting sync to the cent.

const CONTENT_WIDTH = 515;
const RIGHT_COLUMN = 215;
const MUTED = '#4a5361';

const COLUMNS: TableColumn[] = [
  { header: 'Description', width: 215 },
  { header: 'Quantity', width: 60, align: 'right' },
  { header: 'Unit price ex GST', width: 80, align: 'right' },
  { header: 'GST', width: 70, align: 'right' },
  { header: 'Amount ex GST', width: 90, align: 'right' },
];

/** Label and value pairs, right-aligned in the heading's right column. */
function keyValues(pdf: Pdf, rows: [string, string][], options: { x: number; y: number; width: number }) {
  let y = options.y;
  for (const [label, value] of rows) {
    pdf
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(label, options.x, y, { width: options.width / 2 });
    pdf
      .font('Helvetica-Bold')
      .fillColor('black')
      .text(value, options.x + options.width / 2, y, { width: options.width / 2, align: 'right' });
    y = Math.max(y + 13, pdf.y);
  }
  return y;
}

function drawHeading(pdf: Pdf, order: DocumentOrder): number {
  const { merchant } = order;
  const top = PAGE_MARGIN;
  pdf
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor('black')
    .text(merchant.title, PAGE_MARGIN, top, { width: 280 });
  pdf.font('Helvetica').fontSize(9);
  if (merchant.abn) pdf.text(`ABN ${formatAbn(merchant.abn)}`, { width: 280 });
  for (const line of addressLines(merchant)) pdf.text(line, { width: 280 });
  if (merchant.contactEmail) pdf.text(merchant.contactEmail, { width: 280 });
  if (merchant.phone) pdf.text(merchant.phone, { width: 280 });
  const leftBottom = pdf.y;

  const x = PAGE_MARGIN + CONTENT_WIDTH - RIGHT_COLUMN;
  pdf
    .font('Helvetica-Bold')
    .fontSize(20)
    .text('Tax invoice', x, top, { width: RIGHT_COLUMN, align: 'right' });
  if (order.status === 'CANCELLED') {
    pdf.fontSize(10).fillColor('#b42318').text('Order cancelled', { width: RIGHT_COLUMN, align: 'right' });
    pdf.fillColor('black');
  }
  const rows: [string, string][] = [
    ['Invoice number', formatInvoiceNumber(order.invoiceNumber)],
    ['Order number', String(order.number)],
    ['Issue date', dayIn(order.placedAt, merchant.timeZone)],
    ['Due date', calendarDate(order.dueDate)],
  ];
  if (order.purchaseOrderNumber) rows.push(['PO number', order.purchaseOrderNumber]);
  const rightBottom = keyValues(pdf, rows, { x, y: pdf.y + 6, width: RIGHT_COLUMN });
  return Math.max(leftBottom, rightBottom) + 16;
}

function drawParties(pdf: Pdf, order: DocumentOrder, top: number) {
  pdf.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text('Bill to', PAGE_MARGIN, top, { width: 250 });
  pdf.font('Helvetica-Bold').fontSize(10).fillColor('black').text(order.customerName, { width: 250 });
  pdf.font('Helvetica').fontSize(9);
  if (order.customerAbn && isBuyerAbnRequired(order)) pdf.text(`ABN ${formatAbn(order.customerAbn)}`);
  const leftBottom = pdf.y;

  const x = PAGE_MARGIN + 265;
  let rightBottom = top;
  const delivery = [
    order.deliveryAddress,
    order.shippingMethodName &&
      `${order.shippingMethodName}${order.deliveryDate ? ` on ${calendarDate(order.deliveryDate)}` : ''}`,
  ].filter((line): line is string => !!line);
  if (delivery.length > 0) {
    const label = order.shippingMethodKind === 'PICK_UP' ? 'Pick-up' : 'Deliver to';
    pdf.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text(label, x, top, { width: 250 });
    pdf.font('Helvetica').fillColor('black');
    for (const line of delivery) pdf.text(line, { width: 250 });
    rightBottom = pdf.y;
  }
  pdf.y = Math.max(leftBottom, rightBottom) + 14;
  pdf
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      order.isTaxExempt
        ? 'Prices are ex GST. This customer is GST exempt: no GST is charged.'
        : 'Prices are ex GST. GST is shown for each line and in total; the total payable includes GST.',
      PAGE_MARGIN,
      pdf.y,
      { width: CONTENT_WIDTH },
    )
    .fillColor('black');
  pdf.moveDown(0.6);
}

function drawTotals(pdf: Pdf, order: DocumentOrder, onNewPage: () => void) {
  const rows: [string, string][] = [
    ['Subtotal ex GST', money(order.subtotalCents)],
    [
      `Delivery ex GST${order.shippingMethodName ? ` (${order.shippingMethodName})` : ''}`,
      money(order.deliveryFeeCents),
    ],
    ['GST', money(order.gstCents)],
  ];
  ensureRoom(pdf, 110, onNewPage);
  const x = PAGE_MARGIN + CONTENT_WIDTH - 260;
  let y = pdf.y + 8;
  for (const [label, value] of rows) {
    pdf.font('Helvetica').fontSize(9).text(label, x, y, { width: 170 });
    pdf.text(value, x + 170, y, { width: 90, align: 'right' });
    y = pdf.y + 3;
  }
  pdf
    .moveTo(x, y)
    .lineTo(x + 260, y)
    .lineWidth(1)
    .strokeColor('#1f2733')
    .stroke();
  y += 5;
  pdf.font('Helvetica-Bold').fontSize(11).text('Total payable inc GST', x, y, { width: 170 });
  pdf.text(money(order.totalCents), x + 170, y, { width: 90, align: 'right' });
  pdf
    .font('Helvetica')
    .fontSize(9)
    .text(
      `${order.paymentTermsDays === 0 ? 'Payment due on receipt' : `Payment terms: ${order.paymentTermsDays} days`}. Please pay by ${calendarDate(order.dueDate)}.`,
      PAGE_MARGIN,
      pdf.y + 10,
      { width: CONTENT_WIDTH, align: 'right' },
    );
}

/**
 * How to pay by bank transfer, when the merchant has given its account: the invoice number as the
 * reference, so the merchant can match the deposit to the invoice.
 */
function drawHowToPay(pdf: Pdf, order: DocumentOrder, onNewPage: () => void) {
  const { bankAccountName, bankBsb, bankAccountNumber } = order.merchant;
  if (!bankAccountName || !bankBsb || !bankAccountNumber) return;
  pdf.moveDown(1.2);
  ensureRoom(pdf, 90, onNewPage);
  const rows: [string, string][] = [
    ['Account name', bankAccountName],
    ['BSB', formatBsb(bankBsb)],
    ['Account number', bankAccountNumber],
    ['Reference', formatInvoiceNumber(order.invoiceNumber)],
  ];
  pdf.font('Helvetica-Bold').fontSize(10).text('How to pay', PAGE_MARGIN, pdf.y, { width: CONTENT_WIDTH });
  pdf
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text('Pay by bank transfer to:', { width: CONTENT_WIDTH });
  pdf.fillColor('black');
  for (const [label, value] of rows) {
    pdf
      .font('Helvetica')
      .text(`${label}: `, { width: CONTENT_WIDTH, continued: true })
      .font('Helvetica-Bold')
      .text(value);
  }
}

function drawNotes(pdf: Pdf, order: DocumentOrder, onNewPage: () => void) {
  if (!order.notes) return;
  pdf.moveDown(1);
  ensureRoom(pdf, 40, onNewPage);
  pdf.font('Helvetica-Bold').fontSize(9).text('Notes', PAGE_MARGIN, pdf.y, { width: CONTENT_WIDTH });
  pdf.font('Helvetica').text(order.notes, { width: CONTENT_WIDTH });
}

/** Draws one order's tax invoice, on as many pages as its lines need. */
export function drawInvoice(pdf: Pdf, order: DocumentOrder) {
  const invoiceNumber = formatInvoiceNumber(order.invoiceNumber);
  const document = startDocument(pdf, (page, count) => `${invoiceNumber} · Page ${page} of ${count}`);
  const continued = () => {
    pdf
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor('black')
      .text(`Tax invoice ${invoiceNumber} (continued) · ${order.merchant.title}`, PAGE_MARGIN, PAGE_MARGIN, {
        width: CONTENT_WIDTH,
      });
    pdf.moveDown(0.8);
  };
  pdf.y = drawHeading(pdf, order);
  drawParties(pdf, order, pdf.y);
  drawTable(pdf, {
    columns: COLUMNS,
    rows: order.lines.map((line) => [
      {
        text: line.name,
        note: `SKU ${line.sku}${line.gstRateBasisPoints === 0 ? ' · GST-free' : ''}`,
      },
      quantityWithUnit(line),
      money(line.unitPriceCents),
      {
        text: money(line.gstCents),
        note: line.gstRateBasisPoints === 0 ? undefined : gstRate(line.gstRateBasisPoints),
      },
      money(line.subtotalCents),
    ]),
    onNewPage: continued,
  });
  drawTotals(pdf, order, continued);
  drawHowToPay(pdf, order, continued);
  drawNotes(pdf, order, continued);
  document.end();
}
