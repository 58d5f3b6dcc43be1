import { describe, expect, it } from 'vitest';
import { pdfText } from './testing/pdf-text.ts';
import { renderPdf, startDocument, streamPdf, toWinAnsi } from './pdf-stream.ts';

const drawNote = (pdf: PDFKit.PDFDocument, note: string) => {
  const document = startDocument(pdf, (page, count) => `${note} page ${page} of ${count}`);
  pdf.text(`Note ${note}`);
  document.end();
};

describe('streamPdf', () => {
  it('fetches the next batch only when the reader has taken the previous one’s bytes', async () => {
    const asked: number[] = [];
    async function* batches() {
      for (let i = 1; i <= 3; i += 1) {
        asked.push(i);
        yield [`b${i}-1`, `b${i}-2`];
      }
    }
    const stream = streamPdf({ title: 'Notes', batches: batches(), draw: drawNote });
    const chunks: Buffer[] = [];
    const first = await stream.next();
    chunks.push(first.value as Buffer);
    expect(asked).toEqual([1]);
    for await (const chunk of stream) chunks.push(chunk);
    expect(asked).toEqual([1, 2, 3]);

    const text = await pdfText(Buffer.concat(chunks));
    expect(text.match(/Note b\d-\d/g)).toEqual([
      'Note b1-1',
      'Note b1-2',
      'Note b2-1',
      'Note b2-2',
      'Note b3-1',
      'Note b3-2',
    ]);
    expect(text).toContain('b3-2 page 1 of 1');
  });
});

describe('toWinAnsi', () => {
  it('keeps what the standard fonts can print and replaces the rest', async () => {
    expect(toWinAnsi('Café “Crème” – 5 € ½')).toBe('Café “Crème” – 5 € ½');
    expect(toWinAnsi('Łódź Straße ő')).toBe('?ódz Straße o');
    expect(toWinAnsi('北京 ☕')).toBe('?? ?');
    const text = await pdfText(await renderPdf({ title: 'x', draw: drawNote, item: 'Zoë 北京' }));
    expect(text).toContain('Note Zoë ??');
  });
});
