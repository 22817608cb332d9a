import KeyOutlined from '@mui/icons-material/KeyOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import PublishedWithChangesOutlined from '@mui/icons-material/PublishedWithChangesOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import SecurityOutlined from '@mui/icons-material/SecurityOutlined';
import { useTranslation } from 'react-i18next';
import { PagedDataGrid } from '@/components/data-grid';
import { useCountries } from '@/lib/catalog/get-countries';
import { useProxies, type ProxyType } from '../api/list-proxies';
import { useUnitList } from '../hooks/use-unit-list';
import { BatchActions } from './batch-actions';
import { ProxyActionDialogs, type ProxyAction } from './proxy-action-dialogs';
import { useProxyColumns } from './proxy-columns';
import { ProxyFiltersBar } from './proxy-filters';
import { useUnitActions } from './unit-actions';

/** One proxy type's list: filters, the server-paged grid with selection, and the batch actions. */
export function ProxiesTab({ type }: { type: ProxyType }) {
  const { t } = useTranslation();
  const countries = useCountries(type);
  const list = useUnitList<ProxyAction>(t('proxies.needSelection'));
  const { paging, filters, selection } = list;
  const status = filters.status || undefined;
  const country = filters.country || undefined;
  const proxies = useProxies(type, {
    page: paging.page,
    limit: paging.limit,
    search: list.search,
    status,
    country,
    sort: filters.sort,
  });
  const columns = useProxyColumns();
  const chosen = selection.chosen(proxies.data?.items ?? []);
  const actions = useUnitActions<ProxyAction>([
    { key: 'authIp', label: t('proxies.actions.authIp'), icon: <SecurityOutlined /> },
    { key: 'password', label: t('proxies.actions.password'), icon: <KeyOutlined /> },
    { key: 'resetIp', label: t('proxies.actions.resetIp'), icon: <PublishedWithChangesOutlined /> },
    { key: 'ipMode', label: t('proxies.actions.ipMode'), icon: <ScheduleOutlined /> },
    { key: 'check', label: t('proxies.actions.check'), icon: <FactCheckOutlined /> },
  ]);

  return (
    <>
      <ProxyFiltersBar value={filters} onChange={list.changeFilters} countries={countries.data ?? []} />
      <BatchActions actions={actions} selected={chosen.length} onAction={(key) => list.start(key, chosen.length)} />
      <PagedDataGrid
        testId={`proxies-grid-${type}`}
        list={proxies}
        paging={paging}
        selection={selection}
        columns={columns}
      />
      {list.action && (
        <ProxyActionDialogs
          type={type}
          action={list.action}
          proxies={chosen}
          exportFilters={{ status, country }}
          onDone={list.finish}
        />
      )}
    </>
  );
}
