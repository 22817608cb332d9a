import { useState } from 'react';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useTranslation } from 'react-i18next';
import { PagedDataGrid } from '@/components/data-grid';
import { useGetNewIp, type TNewIp } from '../api/get-new-ip';
import { useKeys } from '../api/list-keys';
import { useUnitList } from '../hooks/use-unit-list';
import { BatchActions } from './batch-actions';
import { KeyActionDialogs, type KeyAction } from './key-action-dialogs';
import { useKeyColumns } from './key-columns';
import { NewIpDialog } from './new-ip-dialog';
import { ProxyFiltersBar } from './proxy-filters';
import { useUnitActions } from './unit-actions';

/** The rotating keys: list, get a new IP per key, and the batch actions. */
export function KeysTab() {
  const { t } = useTranslation();
  const list = useUnitList<KeyAction>(t('proxies.keys.needSelection'));
  const { paging, filters, selection } = list;
  const [newIp, setNewIp] = useState<TNewIp | null>(null);
  const getNewIp = useGetNewIp();
  const keys = useKeys({
    page: paging.page,
    limit: paging.limit,
    search: list.search,
    status: filters.status || undefined,
  });
  const columns = useKeyColumns(
    (key) => getNewIp.mutate({ key: key.key }, { onSuccess: setNewIp }),
    getNewIp.isPending ? (getNewIp.variables?.key ?? null) : null,
  );
  const chosen = selection.chosen(keys.data?.items ?? []);
  const actions = useUnitActions<KeyAction>([{ key: 'delete', label: t('common.delete'), icon: <DeleteOutline /> }]);

  return (
    <>
      <ProxyFiltersBar value={filters} onChange={list.changeFilters} countries={null} />
      <BatchActions actions={actions} selected={chosen.length} onAction={(key) => list.start(key, chosen.length)} />
      <PagedDataGrid testId="keys-grid" list={keys} paging={paging} selection={selection} columns={columns} />
      {list.action && (
        <KeyActionDialogs
          action={list.action}
          keys={chosen}
          onDone={(changed) => {
            list.finish();
            if (changed && list.action === 'delete') {
              selection.clear();
            }
          }}
        />
      )}
      {newIp && <NewIpDialog result={newIp} onClose={() => setNewIp(null)} />}
    </>
  );
}
