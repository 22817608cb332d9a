import { useState } from 'react';
import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import CommentOutlined from '@mui/icons-material/CommentOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import SyncDisabledOutlined from '@mui/icons-material/SyncDisabledOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import type { GridRowSelectionModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { AppDataGrid } from '@/components/data-grid';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { usePaging } from '@/hooks/use-paging';
import { EMPTY_SELECTION, selectedRowIds } from '@/lib/grid-selection';
import { notifyError } from '@/lib/notify';
import { useGetNewIp, type TNewIp } from '../api/get-new-ip';
import { useKeys } from '../api/list-keys';
import { BatchActions, type BatchAction } from './batch-actions';
import { KeyActionDialogs, type KeyAction } from './key-action-dialogs';
import { useKeyColumns } from './key-columns';
import { NewIpDialog } from './new-ip-dialog';
import { NO_PROXY_FILTERS, ProxyFiltersBar, type ProxyFilters } from './proxy-filters';

/** The rotating keys: list, get a new IP per key, and the batch actions. */
export function KeysTab() {
  const { t } = useTranslation();
  const paging = usePaging();
  const [filters, setFilters] = useState<ProxyFilters>(NO_PROXY_FILTERS);
  const search = useDebouncedValue(filters.search.trim());
  const [selection, setSelection] = useState<GridRowSelectionModel>(EMPTY_SELECTION);
  const [action, setAction] = useState<KeyAction | null>(null);
  const [newIp, setNewIp] = useState<TNewIp | null>(null);
  const getNewIp = useGetNewIp();
  const keys = useKeys({ page: paging.page, limit: paging.limit, search, status: filters.status || undefined });
  const columns = useKeyColumns(
    (key) => getNewIp.mutate({ key: key.key }, { onSuccess: setNewIp }),
    getNewIp.isPending ? (getNewIp.variables?.key ?? null) : null,
  );
  const rows = keys.data?.items ?? [];
  const ids = new Set(
    selectedRowIds(
      selection,
      rows.map((r) => r.id),
    ),
  );
  const chosen = rows.filter((r) => ids.has(r.id));

  const actions: BatchAction<KeyAction>[] = [
    { key: 'renew', label: t('proxies.actions.renew'), icon: <AutorenewOutlined /> },
    { key: 'autoRenewOn', label: t('proxies.actions.autoRenewOn'), icon: <SyncOutlined /> },
    { key: 'autoRenewOff', label: t('proxies.actions.autoRenewOff'), icon: <SyncDisabledOutlined /> },
    { key: 'comment', label: t('proxies.actions.comment'), icon: <CommentOutlined /> },
    { key: 'delete', label: t('common.delete'), icon: <DeleteOutline /> },
    { key: 'export', label: t('proxies.actions.export'), icon: <DownloadOutlined /> },
  ];

  const start = (key: KeyAction) => {
    if (key !== 'export' && chosen.length === 0) {
      notifyError(t('proxies.keys.needSelection'));
      return;
    }
    setAction(key);
  };

  return (
    <>
      <ProxyFiltersBar
        value={filters}
        onChange={(next) => {
          setFilters(next);
          paging.reset();
          setSelection(EMPTY_SELECTION);
        }}
        countries={null}
      />
      <BatchActions actions={actions} selected={chosen.length} onAction={start} />
      <AppDataGrid
        testId="keys-grid"
        rows={rows}
        columns={columns}
        rowCount={keys.data?.total ?? 0}
        loading={keys.isFetching}
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
        <KeyActionDialogs
          action={action}
          keys={chosen}
          onDone={(changed) => {
            setAction(null);
            if (changed && action === 'delete') {
              setSelection(EMPTY_SELECTION);
            }
          }}
        />
      )}
      {newIp && <NewIpDialog result={newIp} onClose={() => setNewIp(null)} />}
    </>
  );
}
