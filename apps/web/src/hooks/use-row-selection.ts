import { useState } from 'react';
import type { GridRowSelectionModel } from '@mui/x-data-grid';
import { EMPTY_SELECTION, selectedRowIds } from '@/lib/grid-selection';

/** The checkbox selection of a server-paged DataGrid and the rows of the page it stands for. */
export function useRowSelection() {
  const [model, setModel] = useState<GridRowSelectionModel>(EMPTY_SELECTION);
  return {
    model,
    setModel,
    clear: () => setModel(EMPTY_SELECTION),
    chosen: <R extends { id: string }>(rows: readonly R[]): R[] => {
      const ids = new Set(
        selectedRowIds(
          model,
          rows.map((r) => r.id),
        ),
      );
      return rows.filter((r) => ids.has(r.id));
    },
  };
}

export type RowSelection = ReturnType<typeof useRowSelection>;
