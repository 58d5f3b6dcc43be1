import { PAGE_MARGIN, type Pdf } from './pdf-stream.ts';

export type TableColumn = { header: string; width: number; align?: 'left' | 'right' | 'center' };

/** A cell: text, text with a smaller second line (a SKU under a name), or a tick box. */
export type TableCell = string | { text: string; note?: string } | { checkbox: true };

const PADDING = 4;
const FONT_SIZE = 9;
const NOTE_SIZE = 8;
const BORDER = '#c9ced6';
const MUTED = '#4a5361';

const cellText = (cell: TableCell) => (typeof cell === 'string' ? { text: cell } : cell);

function cellHeight(pdf: Pdf, cell: TableCell, width: number): number {
  if (typeof cell === 'object' && 'checkbox' in cell) return 12;
  const { text, note } = cellText(cell) as { text: string; note?: string };
  let height = pdf
    .font('Helvetica')
    .fontSize(FONT_SIZE)
    .heightOfString(text || ' ', { width });
  if (note) height += pdf.fontSize(NOTE_SIZE).heightOfString(note, { width });
  return height;
}

function drawHeader(pdf: Pdf, columns: TableColumn[]) {
  const top = pdf.y;
  let x = PAGE_MARGIN;
  const height = Math.max(
    ...columns.map((column) =>
      pdf
        .font('Helvetica-Bold')
        .fontSize(FONT_SIZE)
        .heightOfString(column.header, { width: column.width - 2 * PADDING }),
    ),
  );
  for (const column of columns) {
    pdf.text(column.header, x + PADDING, top + PADDING, {
      width: column.width - 2 * PADDING,
      align: column.align ?? 'left',
    });
    x += column.width;
  }
  const bottom = top + height + 2 * PADDING;
  pdf.moveTo(PAGE_MARGIN, bottom).lineTo(x, bottom).lineWidth(1).strokeColor('#1f2733').stroke();
  pdf.y = bottom;
}

/**
 * Draws rows under a header row; a row that would cross the bottom margin starts a new page,
 * where `onNewPage` draws the page's heading and the header row is repeated.
 */
export function drawTable(
  pdf: Pdf,
  options: { columns: TableColumn[]; rows: TableCell[][]; onNewPage?: () => void },
) {
  const { columns } = options;
  const bottomLimit = () => pdf.page.height - pdf.page.margins.bottom;
  drawHeader(pdf, columns);
  for (const row of options.rows) {
    const height =
      Math.max(...row.map((cell, i) => cellHeight(pdf, cell, columns[i]!.width - 2 * PADDING))) + 2 * PADDING;
    if (pdf.y + height > bottomLimit()) {
      pdf.addPage();
      options.onNewPage?.();
      drawHeader(pdf, columns);
    }
    const top = pdf.y;
    let x = PAGE_MARGIN;
    row.forEach((cell, i) => {
      const column = columns[i]!;
      const width = column.width - 2 * PADDING;
      if (typeof cell === 'object' && 'checkbox' in cell) {
        pdf
          .rect(x + (column.width - 10) / 2, top + PADDING + 1, 10, 10)
          .lineWidth(0.8)
          .strokeColor('#1f2733')
          .stroke();
      } else {
        const { text, note } = cellText(cell) as { text: string; note?: string };
        const align = column.align ?? 'left';
        pdf.font('Helvetica').fontSize(FONT_SIZE).fillColor('black');
        pdf.text(text, x + PADDING, top + PADDING, { width, align });
        if (note) pdf.fontSize(NOTE_SIZE).fillColor(MUTED).text(note, { width, align }).fillColor('black');
      }
      x += column.width;
    });
    const bottom = top + height;
    pdf.moveTo(PAGE_MARGIN, bottom).lineTo(x, bottom).lineWidth(0.5).strokeColor(BORDER).stroke();
    pdf.y = bottom;
  }
  pdf.x = PAGE_MARGIN;
}

/** Moves to a new page unless `height` still fits on this one. */
export function ensureRoom(pdf: Pdf, height: number, onNewPage?: () => void) {
  if (pdf.y + height > pdf.page.height - pdf.page.margins.bottom) {
    pdf.addPage();
    onNewPage?.();
  }
}
