import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveFile, saveTextFile } from './save-file.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function watchDownloads() {
  const saved: { blob: Blob; filename: string }[] = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ blob: blobs.get(this.href)!, filename: this.download });
  });
  return { saved, revoke };
}

describe('saveFile', () => {
  it('downloads the bytes under the name given, then lets the blob go', async () => {
    vi.useFakeTimers();
    const { saved, revoke } = watchDownloads();
    const pdf = new Blob([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xff])], { type: 'application/pdf' });

    saveFile({ blob: pdf, filename: 'tax-invoices.pdf' });

    expect(saved).toEqual([{ blob: pdf, filename: 'tax-invoices.pdf' }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revoke).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revoke).toHaveBeenCalledWith('blob:test/0');
  });

  it('saves text as a typed file', async () => {
    const { saved } = watchDownloads();
    saveTextFile({ text: 'sku,name\n', filename: 'products.csv', type: 'text/csv;charset=utf-8' });
    expect(saved[0]?.filename).toBe('products.csv');
    expect(saved[0]?.blob.type).toBe('text/csv;charset=utf-8');
    expect(await saved[0]?.blob.text()).toBe('sku,name\n');
  });
});
