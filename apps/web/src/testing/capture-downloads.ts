import { vi } from 'vitest';

/** Captures what saveFile hands the browser: the blob and the name it is saved under. */
export function captureDownloads() {
  const saved: { blob: Blob; filename: string }[] = [];
  let lastBlob: Blob | null = null;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        lastBlob = blob;
        return 'blob:download';
      },
      revokeObjectURL: () => {},
    }),
  );
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (lastBlob) saved.push({ blob: lastBlob, filename: this.download });
  });
  return { saved, restore: () => click.mockRestore() };
}
