import { useState } from 'react';
import type { RowSelection } from '../components/products-table.tsx';

/**
 * Which of the shown rows are ticked. The selection belongs to one list (`listKey`: its filters),
 * so changing a filter starts with none selected rather than acting on rows no longer shown.
 */
export function useRowSelection(listKey: string, shownIds: readonly string[]) {
  const [state, setState] = useState<{ listKey: string; ids: ReadonlySet<string>; isAllMatching: boolean }>({
    listKey,
    ids: new Set(),
    isAllMatching: false,
  });
  const isCurrent = state.listKey === listKey;
  const selected: ReadonlySet<string> = isCurrent ? state.ids : new Set();
  /** "Select all N matching": every product the filters match, not only those shown. */
  const isAllMatching = isCurrent && state.isAllMatching;

  const set = (ids: ReadonlySet<string>) => setState({ listKey, ids, isAllMatching: false });
  const selection: RowSelection = {
    selected,
    toggle: (productId) => {
      const next = new Set(selected);
      if (!next.delete(productId)) next.add(productId);
      set(next);
    },
    toggleAll: () => {
      const isAllSelected = shownIds.length > 0 && shownIds.every((id) => selected.has(id));
      set(isAllSelected ? new Set() : new Set(shownIds));
    },
  };
  // Rows that left the list (deleted, or archived out of an "active" list) are no longer counted.
  const selectedIds = shownIds.filter((id) => selected.has(id));
  const isAllShownSelected = shownIds.length > 0 && shownIds.every((id) => selected.has(id));
  return {
    selection,
    selectedIds,
    isAllShownSelected,
    isAllMatching,
    selectAllMatching: () => setState({ listKey, ids: new Set(shownIds), isAllMatching: true }),
    clear: () => set(new Set()),
  };
}
