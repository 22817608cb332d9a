import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime, type TSiteAdmin } from '@proxy/contract';
import { useTranslation } from 'react-i18next';

/**
 * The admin panel of a site on its first host, with this page's scheme and port (a host is a bare
 * name; the panel runs on one port for every site), e.g. https://shop.example/admin.
 */
function siteAdminUrl(host: string, location: Pick<Location, 'protocol' | 'port'> = window.location): string {
  return `${location.protocol}//${host}${location.port ? `:${location.port}` : ''}/admin`;
}

interface SiteRowActions {
  onEdit: (site: TSiteAdmin) => void;
  onHistory: (site: TSiteAdmin) => void;
}

function SiteTitleCell({ site }: { site: TSiteAdmin }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
      <Box sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: site.color, flexShrink: 0 }} />
      <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
        {site.title}
      </Typography>
      {site.isDefault && <Chip size="small" label={t('sites.defaultSite')} />}
    </Stack>
  );
}

/** Open the site's own admin panel, edit the site, or read its settings history. */
function SiteActions({ site, onEdit, onHistory }: { site: TSiteAdmin } & SiteRowActions) {
  const { t } = useTranslation();
  return (
    <>
      {site.hosts[0] && (
        <Tooltip title={t('sites.openAdmin', { host: site.hosts[0] })}>
          <IconButton
            size="small"
            component="a"
            href={siteAdminUrl(site.hosts[0])}
            target="_blank"
            rel="noopener"
            aria-label={t('sites.openAdmin', { host: site.hosts[0] })}
            data-testid={`site-admin-link-${site.slug}`}
          >
            <OpenInNewOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title={t('common.edit')}>
        <IconButton size="small" onClick={() => onEdit(site)} data-testid={`site-edit-${site.slug}`}>
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('sites.history')}>
        <IconButton size="small" onClick={() => onHistory(site)} data-testid={`site-history-${site.slug}`}>
          <HistoryOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
    </>
  );
}

/** The sites table: title and colour, hosts, open products, creation time, and the actions. */
export function useSiteColumns({ onEdit, onHistory }: SiteRowActions): GridColDef<TSiteAdmin>[] {
  const { t } = useTranslation();
  return [
    {
      field: 'title',
      headerName: t('sites.columns.title'),
      minWidth: 200,
      flex: 1,
      renderCell: ({ row }) => <SiteTitleCell site={row} />,
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
      renderCell: ({ row }) => <SiteActions site={row} onEdit={onEdit} onHistory={onHistory} />,
    },
  ];
}
