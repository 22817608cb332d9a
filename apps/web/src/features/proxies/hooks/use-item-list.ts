import { useState } from 'react';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { usePaging } from '@/hooks/use-paging';
import { useRowSelection } from '@/hooks/use-row-selection';
import { notifyError } from '@/lib/notify';
import { NO_PROXY_FILTERS, type ProxyFilters } from '../components/proxy-filters';

/**
 * What a proxy or key list keeps: its filters, page, selection and the batch action whose dialog is
 * open. `needSelection` is the toast for an action started with nothing chosen.
 */
export function useItemList<A extends string>(needSelection: string) {
  const paging = usePaging();
  const [filters, setFilters] = useState<ProxyFilters>(NO_PROXY_FILTERS);
  const search = useDebouncedValue(filters.search.trim());
  const selection = useRowSelection();
  const [action, setAction] = useState<A | null>(null);
  return {
    paging,
    filters,
    search,
    selection,
    action,
    changeFilters: (next: ProxyFilters) => {
      setFilters(next);
      paging.reset();
      selection.clear();
    },
    start: (key: A, selected: number) => {
      // docs/product-rules.md#batch-actions: batch actions need a selection; export writes the whole (filtered) list.
      if (key !== 'export' && selected === 0) {
        notifyError(needSelection);
        return;
      }
      setAction(key);
    },
    finish: () => setAction(null),
  };
}
