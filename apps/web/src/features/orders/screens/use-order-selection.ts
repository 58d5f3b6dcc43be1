import { useState } from 'react';
import type { OrderSelection } from '../components/orders-table.tsx';

/**
 * Which of the shown orders are ticked. The selection belongs to one list (`listKey`: its
 * filters), so changing a filter starts with none selected rather than acting on hidden rows.
 */
export function useOrderSelection(listKey: string, shownIds: readonly string[]) {
  const [state, setState] = useState<{ listKey: string; ids: ReadonlySet<string> }>({
    listKey,
    ids: new Set(),
  });
  const selected: ReadonlySet<string> = state.listKey === listKey ? state.ids : new Set();
  const set = (ids: ReadonlySet<string>) => setState({ listKey, ids });
  const selection: OrderSelection = {
    selected,
    toggle: (orderId) => {
      const next = new Set(selected);
      if (!next.delete(orderId)) next.add(orderId);
      set(next);
    },
    toggleAll: () => {
      const isAllSelected = shownIds.length > 0 && shownIds.every((id) => selected.has(id));
      set(isAllSelected ? new Set() : new Set(shownIds));
    },
  };
  return { selection, clear: () => set(new Set()) };
}
