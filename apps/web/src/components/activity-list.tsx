import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime, type TAuditEvent } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { ListPagination, PagedDataGrid } from '@/components/data-grid';
import { usePaging } from '@/hooks/use-paging';
import { auditActionText, auditDetailText, useAuditList } from '@/lib/audit';

/** Who reads the trail: the customer themself ("You" did it) or an admin on the customer's page ("Customer"). */
type Reader = 'self' | 'admin';

function ActorChip({ e, reader }: { e: TAuditEvent; reader: Reader }) {
  const { t } = useTranslation();
  const color =
    e.actor === 'admin' ? 'warning' : e.actor === 'system' ? 'default' : e.actor === 'api-key' ? 'info' : 'primary';
  const label = reader === 'admin' && e.actor === 'user' ? t('audit.actorCustomer') : t(`audit.actors.${e.actor}`);
  return <Chip size="small" variant="outlined" color={color} label={label} />;
}

/** One row of the trail as a short block: what, who, when and from where, and its detail. */
function ActivityItem({ e, reader = 'self' }: { e: TAuditEvent; reader?: Reader }) {
  const { t, i18n } = useTranslation();
  const detail = auditDetailText(e, t, i18n.language);
  return (
    <Box data-testid="activity-item" sx={{ borderLeft: 2, borderColor: 'divider', pl: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {auditActionText(e.action, t)}
        </Typography>
        <ActorChip e={e} reader={reader} />
      </Stack>
      <Typography variant="caption" color="text.secondary" component="div">
        {formatDateTime(e.at)}
        {e.ip ? ` · ${e.ip}` : ''}
      </Typography>
      {detail && (
        <Typography variant="caption" component="div" sx={{ overflowWrap: 'anywhere' }}>
          {detail}
        </Typography>
      )}
    </Box>
  );
}

/**
 * docs/screens.md#account: the caller's activity, server-paged, newest first: a grid on a screen,
 * the same rows as blocks on a phone (a grid there would hide the actor, IP and detail off-screen).
 * With a userId, that customer's activity as their site's admin sees it (the admin customer page).
 */
export function ActivityGrid({ userId, testId = 'activity-grid' }: { userId?: string; testId?: string } = {}) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const paging = usePaging();
  const list = useAuditList({ page: paging.page, limit: paging.limit, userId });
  const reader: Reader = userId === undefined ? 'self' : 'admin';
  const columns: GridColDef<TAuditEvent>[] = [
    { field: 'at', headerName: t('audit.columns.at'), width: 150, valueFormatter: (v: string) => formatDateTime(v) },
    {
      field: 'action',
      headerName: t('audit.columns.action'),
      flex: 1,
      minWidth: 190,
      valueGetter: (_v, row) => auditActionText(row.action, t),
    },
    {
      field: 'actor',
      headerName: t('audit.columns.actor'),
      width: 140,
      renderCell: ({ row }) => <ActorChip e={row} reader={reader} />,
    },
    { field: 'ip', headerName: t('audit.columns.ip'), width: 140, valueFormatter: (v: string | null) => v ?? '—' },
    {
      field: 'detail',
      headerName: t('audit.columns.detail'),
      flex: 2,
      minWidth: 260,
      sortable: false,
      valueGetter: (_v, row) => auditDetailText(row, t, i18n.language),
    },
  ];
  if (phone) {
    return (
      <Box data-testid={testId}>
        {list.isFetching && <LinearProgress sx={{ mb: 1 }} />}
        {list.data?.items.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('audit.empty')}
          </Typography>
        )}
        <Stack spacing={1.5}>
          {(list.data?.items ?? []).map((e) => (
            <ActivityItem key={e.id} e={e} reader={reader} />
          ))}
        </Stack>
        <ListPagination total={list.data?.total ?? 0} paging={paging} />
      </Box>
    );
  }
  return <PagedDataGrid testId={testId} list={list} paging={paging} columns={columns} />;
}

/** One proxy's or key's latest activity, for its details drawer. */
export function ActivityFeed({ proxyId, keyId, limit = 10 }: { proxyId?: string; keyId?: string; limit?: number }) {
  const { t } = useTranslation();
  const list = useAuditList({ page: 1, limit, proxyId, keyId });
  const items = list.data?.items ?? [];
  return (
    <Box data-testid="activity-feed" sx={{ width: '100%' }}>
      {list.isFetching && <LinearProgress sx={{ mb: 1 }} />}
      {items.length === 0 && !list.isFetching && (
        <Typography variant="body2" color="text.secondary">
          {t('audit.empty')}
        </Typography>
      )}
      <Stack spacing={1}>
        {items.map((e) => (
          <ActivityItem key={e.id} e={e} />
        ))}
      </Stack>
    </Box>
  );
}
