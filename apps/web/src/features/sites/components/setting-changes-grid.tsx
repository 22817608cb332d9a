import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime, type TSettingChange } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { PagedDataGrid } from '@/components/data-grid';
import { SearchField } from '@/components/search-field';
import { useSearchPaging } from '@/hooks/use-paging';
import { useSettingChanges } from '../api/sites-admin';
import { SITE_FIELD_LABEL } from './site-fields';

/** The label of an audited field (the server's names: docs/wire-contract.md#sites). */
const FIELD_LABEL = {
  ...SITE_FIELD_LABEL,
  logo: 'sites.logo.label',
  hosts: 'sites.columns.hosts',
  recaptchaSiteKey: 'sites.captcha.siteKey',
  recaptchaSecretKey: 'sites.captcha.secretKey',
  lockDays: 'admin.config.lockDays',
  timeZone: 'admin.config.timeZoneTitle',
  apiRateLimitPerMin: 'developer.admin.limit',
  maintenance: 'sites.groups.maintenance',
  telegramBot: 'notifications.adminBot.title',
  telegramApiBase: 'notifications.adminBot.apiBase',
  telegramBotToken: 'notifications.adminBot.token',
} as const;
const isKnownField = (field: string): field is keyof typeof FIELD_LABEL => field in FIELD_LABEL;

/** A site's audited settings changes (server-paged): when, who, which setting, old → new. */
export function SettingChangesGrid({ siteId }: { siteId?: string }) {
  const { t } = useTranslation();
  const { paging, searchText, search, setSearchText } = useSearchPaging();
  const list = useSettingChanges({ page: paging.page, limit: paging.limit, search, siteId });
  const value = (v: string | null) => v ?? t('sites.changes.empty');
  const columns: GridColDef<TSettingChange>[] = [
    { field: 'at', headerName: t('sites.changes.at'), width: 170, valueGetter: (_v, row) => formatDateTime(row.at) },
    { field: 'actorEmail', headerName: t('sites.changes.actor'), minWidth: 180, flex: 1 },
    {
      field: 'field',
      headerName: t('sites.changes.field'),
      minWidth: 200,
      flex: 1,
      valueGetter: (_v, row) => (isKnownField(row.field) ? t(FIELD_LABEL[row.field]) : row.field),
    },
    {
      field: 'oldValue',
      headerName: t('sites.changes.oldValue'),
      minWidth: 160,
      flex: 1,
      valueGetter: (_v, row) => value(row.oldValue),
    },
    {
      field: 'newValue',
      headerName: t('sites.changes.newValue'),
      minWidth: 160,
      flex: 1,
      valueGetter: (_v, row) => value(row.newValue),
    },
  ];
  return (
    <>
      <SearchField
        placeholder={t('sites.changes.searchHint')}
        value={searchText}
        onChange={setSearchText}
        testId="setting-changes-search"
        size="small"
        sx={{ mb: 1.5, maxWidth: { sm: 360 } }}
        fullWidth
      />
      <PagedDataGrid testId="setting-changes-grid" list={list} paging={paging} columns={columns} />
    </>
  );
}
