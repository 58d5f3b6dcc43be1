import { PAGE_MARGIN, type Pdf, startDocument } from '../../platform/pdf/pdf-stream.ts';
import { drawTable, ensureRoom, type TableColumn } from '../../platform/pdf/pdf-table.ts';
import { calendarDate } from './document-format.ts';
import type { DocumentOrder } from './invoice-pdf.ts';

// What the warehouse packs and the driver hands over: what, how many and where, never prices
// (the slip travels with the goods and may be read by anyone on the way).

const CONTENT_WIDTH = 515;
const MUTED = '#4a5361';

const COLUMNS: TableColumn[] = [
  { header: 'Packed', width: 50, align: 'center' },
  { header: 'Product', width: 245 },
  { header: 'SKU', width: 110 },
  { header: 'Quantity', width: 55, align: 'right' },
  { header: 'Unit', width: 55 },
];

function field(pdf: Pdf, label: string, value: string, options: { x: number; y: number; width: number }) {
  pdf
    .font('Helvetica-Bold')
    .fontSize(9)
    .fillColor(MUTED)
    .text(label, options.x, options.y, { width: options.width });
  pdf.font('Helvetica').fontSize(10).fillColor('black').text(value, { width: options.width });
  return pdf.y + 6;
}

/** Draws one order's packing slip, on as many pages as its lines need. */
export function drawPackingSlip(pdf: Pdf, order: DocumentOrder) {
  const title = `Packing slip · Order ${order.number}`;
  const document = startDocument(pdf, (page, count) => `${title} · Page ${page} of ${count}`);
  const continued = () => {
    pdf
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor('black')
      .text(`${title} (continued) · ${order.customerName}`, PAGE_MARGIN, PAGE_MARGIN, {
        width: CONTENT_WIDTH,
      });
    pdf.moveDown(0.8);
  };

  pdf.font('Helvetica-Bold').fontSize(20).text('Packing slip', PAGE_MARGIN, PAGE_MARGIN, { width: 300 });
  pdf
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(order.merchant.title, { width: 300 })
    .fillColor('black');
  const headingBottom = pdf.y + 12;

  const half = CONTENT_WIDTH / 2 - 10;
  const right = PAGE_MARGIN + CONTENT_WIDTH / 2 + 10;
  let leftY = field(pdf, 'Order number', String(order.number), {
    x: PAGE_MARGIN,
    y: headingBottom,
    width: half,
  });
  leftY = field(pdf, 'Customer', order.customerName, { x: PAGE_MARGIN, y: leftY, width: half });
  if (order.purchaseOrderNumber) {
    leftY = field(pdf, 'PO number', order.purchaseOrderNumber, { x: PAGE_MARGIN, y: leftY, width: half });
  }
  const isPickUp = order.shippingMethodKind === 'PICK_UP';
  let rightY = field(pdf, isPickUp ? 'Pick-up' : 'Delivery address', order.deliveryAddress ?? 'Not given', {
    x: right,
    y: headingBottom,
    width: half,
  });
  rightY = field(pdf, 'Method', order.shippingMethodName ?? 'Not chosen', {
    x: right,
    y: rightY,
    width: half,
  });
  rightY = field(
    pdf,
    isPickUp ? 'Pick-up date' : 'Delivery date',
    order.deliveryDate ? calendarDate(order.deliveryDate) : 'Not set',
    {
      x: right,
      y: rightY,
      width: half,
    },
  );
  pdf.y = Math.max(leftY, rightY) + 4;
  if (order.notes) {
    ensureRoom(pdf, 40, continued);
    pdf.y = field(pdf, 'Notes', order.notes, { x: PAGE_MARGIN, y: pdf.y, width: CONTENT_WIDTH });
  }
  pdf.moveDown(0.4);

  drawTable(pdf, {
    columns: COLUMNS,
    rows: order.lines.map((line) => [
      { checkbox: true },
      line.name,
      line.sku,
      String(line.quantity),
      line.unitAbbreviation ?? line.unitName ?? '',
    ]),
    onNewPage: continued,
  });
  const items = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  ensureRoom(pdf, 60, continued);
  pdf
    .font('Helvetica')
    .fontSize(9)
    .text(`${order.lines.length} lines, ${items} items in all.`, PAGE_MARGIN, pdf.y + 10, {
      width: CONTENT_WIDTH,
    });
  pdf.moveDown(2);
  pdf.text('Packed by: ____________________        Received by: ____________________', {
    width: CONTENT_WIDTH,
  });
  document.end();
}
