import PDFDocument from 'pdfkit';

// PDFs made with pdfkit (no browser). Many documents go into one file as a stream of bytes that
// is made only as fast as it is read, so 1,000 invoices never sit in memory at once.

export type Pdf = PDFKit.PDFDocument;

export const PAGE_MARGIN = 40;
/** Room under the content for the page footer ("Page 1 of 2"). */
export const FOOTER_HEIGHT = 24;

// The standard PDF fonts (Helvetica) encode Windows-1252 only: Latin-1 plus these. Anything
// else would print as wrong letters, so it is written without its accent where that makes it
// Windows-1252 ("ő" → "o"), else as "?". Embedding a Unicode font would lift this.
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const isWinAnsi = (char: string) => {
  const code = char.codePointAt(0)!;
  return (
    char === '\n' ||
    (code >= 0x20 && code <= 0x7e) ||
    (code >= 0xa0 && code <= 0xff) ||
    WIN_ANSI_EXTRAS.has(char)
  );
};

export function toWinAnsi(text: string): string {
  let result = '';
  for (const char of text.normalize('NFC')) {
    if (isWinAnsi(char)) result += char;
    else {
      const bare = char.normalize('NFD').replace(/\p{M}+/gu, '');
      result += bare.length > 0 && [...bare].every(isWinAnsi) ? bare : '?';
    }
  }
  return result;
}

function createPdf(title: string): Pdf {
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: PAGE_MARGIN, left: PAGE_MARGIN, right: PAGE_MARGIN, bottom: PAGE_MARGIN + FOOTER_HEIGHT },
    // Pages are kept until a document ends so its footers can say "of N", then flushed.
    bufferPages: true,
    autoFirstPage: false,
    info: { Title: title, Producer: 'Tradeport', Creator: 'Tradeport' },
  });
  // Every string drawn or measured goes through toWinAnsi, so no caller can forget it.
  const text = pdf.text.bind(pdf);
  const heightOfString = pdf.heightOfString.bind(pdf);
  pdf.text = ((value: string, ...rest: unknown[]) =>
    (text as (...args: unknown[]) => Pdf)(toWinAnsi(String(value)), ...rest)) as Pdf['text'];
  pdf.heightOfString = (value, options) => heightOfString(toWinAnsi(String(value)), options);
  return pdf;
}

/**
 * Starts one document (an invoice) on a new page; `end` writes each of its pages' footer, now that
 * their count is known, and hands the pages to the output.
 */
export function startDocument(pdf: Pdf, footer: (page: number, pageCount: number) => string) {
  pdf.addPage();
  const { start } = pdf.bufferedPageRange();
  return {
    end() {
      const range = pdf.bufferedPageRange();
      const count = range.start + range.count - start;
      for (let i = 0; i < count; i += 1) {
        const page = pdf.switchToPage(start + i);
        // Writing inside the bottom margin would otherwise start a new page.
        const bottom = page.margins.bottom;
        page.margins.bottom = 0;
        pdf
          .font('Helvetica')
          .fontSize(8)
          .fillColor('#4a5361')
          .text(footer(i + 1, count), PAGE_MARGIN, page.height - PAGE_MARGIN, {
            width: page.width - 2 * PAGE_MARGIN,
            align: 'right',
            lineBreak: false,
          });
        page.margins.bottom = bottom;
      }
      pdf.fillColor('black');
      pdf.flushPages();
    },
  };
}

/** What pdfkit has written so far, taken off its (paused) stream without waiting. */
function takeWritten(pdf: Pdf): Buffer[] {
  const chunks: Buffer[] = [];
  for (let chunk: Buffer | null = pdf.read(); chunk !== null; chunk = pdf.read()) chunks.push(chunk);
  return chunks;
}

/**
 * One PDF of many documents, as bytes. Each batch is fetched and drawn only when the reader has
 * taken the previous batch's bytes (an async generator runs on demand, and the HTTP reply pulls
 * with backpressure), so memory holds one batch however many there are. pdfkit itself pushes
 * without backpressure, which is why its stream is not piped straight to the reply.
 */
export async function* streamPdf<T>(options: {
  title: string;
  batches: AsyncIterable<T[]>;
  draw: (pdf: Pdf, item: T) => void;
}): AsyncGenerator<Buffer> {
  const pdf = createPdf(options.title);
  for await (const batch of options.batches) {
    for (const item of batch) options.draw(pdf, item);
    yield* takeWritten(pdf);
  }
  pdf.end();
  for await (const chunk of pdf) yield chunk as Buffer;
}

/** A small PDF (one invoice, for a mail) whole in memory. */
export async function renderPdf<T>(options: { title: string; draw: (pdf: Pdf, item: T) => void; item: T }) {
  const chunks: Buffer[] = [];
  for await (const chunk of streamPdf({
    title: options.title,
    batches: once([options.item]),
    draw: options.draw,
  }))
    chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function* once<T>(batch: T[]): AsyncGenerator<T[]> {
  yield batch;
}
