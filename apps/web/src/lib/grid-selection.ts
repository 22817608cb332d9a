import type { GridRowId, GridRowSelectionModel } from '@mui/x-data-grid';

export const EMPTY_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set<GridRowId>() };

/**
 * The ids a DataGrid selection stands for. "Select all" answers an exclude model (everything but
 * `ids`); with server paging that means every row of the page shown.
 */
export function selectedRowIds(model: GridRowSelectionModel, pageRowIds: readonly string[]): string[] {
  if (model.type === 'exclude') {
    return pageRowIds.filter((id) => !model.ids.has(id));
  }
  return [...model.ids].map(String);
}
