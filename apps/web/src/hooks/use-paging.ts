import { useState } from 'react';
import { DEFAULT_LIMIT, DEFAULT_PAGE } from '@proxy/contract';
import type { GridPaginationModel } from '@mui/x-data-grid';

/**
 * The page and limit of a server-paged list (seed-spec §3 "List query config": page 1, limit 25),
 * in the DataGrid's zero-based model and the API's one-based one.
 */
export function usePaging(limit = DEFAULT_LIMIT) {
  const [model, setModel] = useState<GridPaginationModel>({ page: DEFAULT_PAGE - 1, pageSize: limit });
  return {
    model,
    setModel,
    page: model.page + 1,
    limit: model.pageSize,
    /** Back to the first page, e.g. when a filter changes. */
    reset: () => setModel((m) => (m.page === 0 ? m : { ...m, page: 0 })),
  };
}
