import { useState } from 'react';
import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import CommentOutlined from '@mui/icons-material/CommentOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import PublishedWithChangesOutlined from '@mui/icons-material/PublishedWithChangesOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import SecurityOutlined from '@mui/icons-material/SecurityOutlined';
import SyncDisabledOutlined from '@mui/icons-material/SyncDisabledOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import type { GridRowSelectionModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { AppDataGrid } from '@/components/data-grid';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { usePaging } from '@/hooks/use-paging';
import { useCountries } from '@/lib/catalog/get-countries';
import { EMPTY_SELECTION, selectedRowIds } from '@/lib/grid-selection';
import { notifyError } from '@/lib/notify';
import { useProxies, type ProxyType } from '../api/list-proxies';
import { BatchActions, type BatchAction } from './batch-actions';
import { ProxyActionDialogs, type ProxyAction } from './proxy-action-dialogs';
import { useProxyColumns } from './proxy-columns';
import { NO_PROXY_FILTERS, ProxyFiltersBar, type ProxyFilters } from './proxy-filters';

/** One proxy type's list: filters, the server-paged grid with selection, and the batch actions. */
export function ProxiesTab({ type }: { type: ProxyType }) {
  const { t } = useTranslation();
  const paging = usePaging();
  const countries = useCountries(type);
  const [filters, setFilters] = useState<ProxyFilters>(NO_PROXY_FILTERS);
  const search = useDebouncedValue(filters.search.trim());
  const [selection, setSelection] = useState<GridRowSelectionModel>(EMPTY_SELECTION);
  const [action, setAction] = useState<ProxyAction | null>(null);
  const status = filters.status || undefined;
  const country = filters.country || undefined;
  const proxies = useProxies(type, {
    page: paging.page,
    limit: paging.limit,
    search,
    status,
    country,
    sort: filters.sort,
  });
  const columns = useProxyColumns();
  const rows = proxies.data?.items ?? [];
  const ids = new Set(
    selectedRowIds(
      selection,
      rows.map((r) => r.id),
    ),
  );
  const chosen = rows.filter((r) => ids.has(r.id));

  const actions: BatchAction<ProxyAction>[] = [
    { key: 'renew', label: t('proxies.actions.renew'), icon: <AutorenewOutlined /> },
    { key: 'autoRenewOn', label: t('proxies.actions.autoRenewOn'), icon: <SyncOutlined /> },
    { key: 'autoRenewOff', label: t('proxies.actions.autoRenewOff'), icon: <SyncDisabledOutlined /> },
    { key: 'comment', label: t('proxies.actions.comment'), icon: <CommentOutlined /> },
    { key: 'authIp', label: t('proxies.actions.authIp'), icon: <SecurityOutlined /> },
    { key: 'password', label: t('proxies.actions.password'), icon: <KeyOutlined /> },
    { key: 'resetIp', label: t('proxies.actions.resetIp'), icon: <PublishedWithChangesOutlined /> },
    { key: 'ipMode', label: t('proxies.actions.ipMode'), icon: <ScheduleOutlined /> },
    { key: 'check', label: t('proxies.actions.check'), icon: <FactCheckOutlined /> },
    { key: 'export', label: t('proxies.actions.export'), icon: <DownloadOutlined /> },
  ];

  const start = (key: ProxyAction) => {
    // seed-spec §5: batch actions need a selection; export writes the whole (filtered) list.
    if (key !== 'export' && chosen.length === 0) {
      notifyError(t('proxies.needSelection'));
      return;
    }
    setAction(key);
  };

  const changeFilters = (next: ProxyFilters) => {
    setFilters(next);
    paging.reset();
    setSelection(EMPTY_SELECTION);
  };

  return (
    <>
      <ProxyFiltersBar value={filters} onChange={changeFilters} countries={countries.data ?? []} />
      <BatchActions actions={actions} selected={chosen.length} onAction={start} />
      <AppDataGrid
        testId={`proxies-grid-${type}`}
        rows={rows}
        columns={columns}
        rowCount={proxies.data?.total ?? 0}
        loading={proxies.isFetching}
        paginationMode="server"
        paginationModel={paging.model}
        onPaginationModelChange={(model) => {
          paging.setModel(model);
          setSelection(EMPTY_SELECTION);
        }}
        checkboxSelection
        rowSelectionModel={selection}
        onRowSelectionModelChange={setSelection}
      />
      {action && (
        <ProxyActionDialogs
          type={type}
          action={action}
          proxies={chosen}
          exportFilters={{ status, country }}
          onDone={() => setAction(null)}
        />
      )}
    </>
  );
}
