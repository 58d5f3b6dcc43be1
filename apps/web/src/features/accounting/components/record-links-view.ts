import type { ComboboxItem } from '@mantine/core';
import type { LinkRowView } from './record-link-row.tsx';
import type { RecordLinksView } from './record-links-panel.tsx';

type LinksPage = {
  items: readonly unknown[];
  counts: RecordLinksView['counts'];
  is_truncated: boolean;
};

/**
 * The pages' rows (`rowOf` says how one shows); the counts and the book records left to link
 * (`choicesOf`) as the last page read them.
 */
export function recordLinksView<P extends LinksPage>(
  pages: readonly P[],
  rowOf: (item: P['items'][number]) => LinkRowView,
  choicesOf: (page: P) => ComboboxItem[],
): RecordLinksView {
  const last = pages[pages.length - 1]!;
  return {
    rows: pages.flatMap((page) => page.items.map(rowOf)),
    choices: choicesOf(last),
    counts: last.counts,
    isTruncated: last.is_truncated,
  };
}
