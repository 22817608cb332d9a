import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime, type TSiteAdmin } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { PagedDataGrid } from '@/components/data-grid';
import { PageHeader } from '@/components/page-header';
import { SearchField } from '@/components/search-field';
import { useSearchPaging } from '@/hooks/use-paging';
import { useSitesAdmin } from '../api/sites-admin';
import { SettingChangesGrid } from '../components/setting-changes-grid';
import { SiteFormDialog } from '../components/site-form-dialog';

/**
 * The admin panel of a site on its first host, with this page's scheme and port (a host is a bare
 * name; the panel runs on one port for every site), e.g. https://shop.example/admin.
 */
function siteAdminUrl(host: string, location: Pick<Location, 'protocol' | 'port'> = window.location): string {
  return `${location.protocol}//${host}${location.port ? `:${location.port}` : ''}/admin`;
}

/** /admin/sites (owner): every white-label site with its hosts; create, edit, change history. */
export function AdminSitesRoute() {
  const { t } = useTranslation();
  const { paging, searchText, search, setSearchText } = useSearchPaging();
  const list = useSitesAdmin({ page: paging.page, limit: paging.limit, search });
  // The catalogue sources a new site may copy from (a hundred sites is far more than a seller runs).
  const all = useSitesAdmin({ page: 1, limit: 100, search: '' });
  const [editing, setEditing] = useState<string | null>(null);
  const [historyOf, setHistoryOf] = useState<TSiteAdmin | null>(null);
  const editedSite = list.data?.items.find((s) => s.id === editing) ?? null;

  const columns: GridColDef<TSiteAdmin>[] = [
    {
      field: 'title',
      headerName: t('sites.columns.title'),
      minWidth: 200,
      flex: 1,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
          <Box sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: row.color, flexShrink: 0 }} />
          <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
            {row.title}
          </Typography>
          {row.isDefault && <Chip size="small" label={t('sites.defaultSite')} />}
        </Stack>
      ),
    },
    {
      field: 'hosts',
      headerName: t('sites.columns.hosts'),
      minWidth: 240,
      flex: 1.5,
      sortable: false,
      valueGetter: (_v, row) => row.hosts.join(', '),
    },
    {
      field: 'products',
      headerName: t('sites.columns.products'),
      width: 150,
      sortable: false,
      valueGetter: (_v, row) =>
        (['v6', 'v4', 'key'] as const)
          .filter((p) => row[p === 'v6' ? 'isOpenV6' : p === 'v4' ? 'isOpenV4' : 'isOpenKey'])
          .map((p) => p.toUpperCase())
          .join(' · '),
    },
    {
      field: 'createdAt',
      headerName: t('sites.columns.createdAt'),
      width: 160,
      valueGetter: (_v, row) => formatDateTime(row.createdAt),
    },
    {
      field: 'actions',
      headerName: t('sites.columns.actions'),
      width: 150,
      sortable: false,
      renderCell: ({ row }) => (
        <>
          {row.hosts[0] && (
            <Tooltip title={t('sites.openAdmin', { host: row.hosts[0] })}>
              <IconButton
                size="small"
                component="a"
                href={siteAdminUrl(row.hosts[0])}
                target="_blank"
                rel="noopener"
                aria-label={t('sites.openAdmin', { host: row.hosts[0] })}
                data-testid={`site-admin-link-${row.slug}`}
              >
                <OpenInNewOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          <Tooltip title={t('common.edit')}>
            <IconButton size="small" onClick={() => setEditing(row.id)} data-testid={`site-edit-${row.slug}`}>
              <EditOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('sites.history')}>
            <IconButton size="small" onClick={() => setHistoryOf(row)} data-testid={`site-history-${row.slug}`}>
              <HistoryOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        </>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('sites.title')}
        actions={
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            onClick={() => setEditing('new')}
            data-testid="site-add"
          >
            {t('sites.add')}
          </Button>
        }
      />
      <SearchField
        placeholder={t('sites.searchHint')}
        value={searchText}
        onChange={setSearchText}
        testId="sites-search"
        sx={{ mb: 2, maxWidth: { sm: 420 } }}
        fullWidth
      />
      <PagedDataGrid testId="sites-grid" list={list} paging={paging} columns={columns} />
      {(editing === 'new' || editedSite) && (
        <SiteFormDialog
          key={editing}
          site={editing === 'new' ? null : editedSite}
          sites={all.data?.items ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      {historyOf && (
        <Dialog open onClose={() => setHistoryOf(null)} fullWidth maxWidth="lg">
          <DialogTitle>{t('sites.historyOf', { title: historyOf.title })}</DialogTitle>
          <DialogContent>
            <SettingChangesGrid siteId={historyOf.id} />
          </DialogContent>
        </Dialog>
      )}
    </>
  );
}
