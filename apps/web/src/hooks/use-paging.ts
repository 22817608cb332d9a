import { useState } from 'react';
import { DEFAULT_LIMIT, DEFAULT_PAGE } from '@proxy/contract';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { useDebouncedValue } from './use-debounced-value';

/**
 * The page and limit of a server-paged list (docs/wire-contract.md#paging: page 1, limit 25),
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

export type Paging = ReturnType<typeof usePaging>;

/**
 * A server-paged list with a search box: what is typed, and the trimmed `search` the query takes
 * once typing pauses. A new search starts from the first page, since the old page may not exist.
 */
export function useSearchPaging() {
  const paging = usePaging();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  return {
    paging,
    searchText,
    search,
    setSearchText: (text: string) => {
      setSearchText(text);
      paging.reset();
    },
  };
}
