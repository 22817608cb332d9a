import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime, type TNotifyDelivery } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { PagedCardList, RowCard, usePhone } from '@/components/card-list';
import { PagedDataGrid } from '@/components/data-grid';
import { usePaging } from '@/hooks/use-paging';
import { notifySuccess } from '@/lib/notify';
import { useDeliveries, useRetryDelivery } from '../../api/notifications';
import { eventLabel } from './event-labels';

const STATUS_COLOR = { pending: 'warning', delivered: 'success', failed: 'error' } as const;

function RetryButton({ row }: { row: TNotifyDelivery }) {
  const { t } = useTranslation();
  const retry = useRetryDelivery();
  return row.status === 'delivered' ? null : (
    <Button
      size="small"
      disabled={retry.isPending}
      onClick={() => retry.mutate(row.id, { onSuccess: () => notifySuccess(t('notifications.log.retried')) })}
    >
      {t('notifications.log.retry')}
    </Button>
  );
}

function StatusChip({ row }: { row: TNotifyDelivery }) {
  const { t } = useTranslation();
  return <Chip size="small" color={STATUS_COLOR[row.status]} label={t(`notifications.log.statuses.${row.status}`)} />;
}

/** On a phone: the event and its outcome first, then the attempts, and the retry button. */
function DeliveryCard({ row }: { row: TNotifyDelivery }) {
  const { t } = useTranslation();
  const facts = [
    { label: t('notifications.log.createdAt'), value: formatDateTime(row.createdAt) },
    { label: t('notifications.log.channel'), value: t(`notifications.log.channels.${row.channel}`) },
    { label: t('notifications.log.attempts'), value: row.attempts },
  ];
  if (row.lastStatus !== null) {
    facts.push({ label: t('notifications.log.lastStatus'), value: row.lastStatus });
  }
  if (row.lastError) {
    facts.push({ label: t('notifications.log.lastError'), value: row.lastError });
  }
  return (
    <Stack spacing={0.5}>
      <RowCard testId="delivery-card" title={eventLabel(t, row.type)} aside={<StatusChip row={row} />} facts={facts} />
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <RetryButton row={row} />
      </Stack>
    </Stack>
  );
}

/** The caller's deliveries (every channel), newest first, server-paged, each attempt's outcome. */
export function DeliveriesGrid() {
  const { t } = useTranslation();
  const paging = usePaging();
  const list = useDeliveries({ page: paging.page, limit: paging.limit });
  const phone = usePhone();
  const columns: GridColDef<TNotifyDelivery>[] = [
    {
      field: 'createdAt',
      headerName: t('notifications.log.createdAt'),
      width: 150,
      valueGetter: (_v, row) => formatDateTime(row.createdAt),
    },
    {
      field: 'type',
      headerName: t('notifications.log.type'),
      minWidth: 180,
      flex: 1,
      valueGetter: (_v, row) => eventLabel(t, row.type),
    },
    {
      field: 'channel',
      headerName: t('notifications.log.channel'),
      width: 110,
      valueGetter: (_v, row) => t(`notifications.log.channels.${row.channel}`),
    },
    {
      field: 'status',
      headerName: t('notifications.log.status'),
      width: 120,
      renderCell: ({ row }) => <StatusChip row={row} />,
    },
    { field: 'attempts', headerName: t('notifications.log.attempts'), width: 100, type: 'number' },
    {
      field: 'lastStatus',
      headerName: t('notifications.log.lastStatus'),
      width: 80,
      valueGetter: (_v, row) => row.lastStatus ?? '',
    },
    {
      field: 'lastError',
      headerName: t('notifications.log.lastError'),
      minWidth: 180,
      flex: 1,
      valueGetter: (_v, row) => row.lastError ?? '',
    },
    {
      field: 'actions',
      headerName: '',
      width: 100,
      sortable: false,
      renderCell: ({ row }) => <RetryButton row={row} />,
    },
  ];
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">{t('notifications.log.title')}</Typography>
      {phone ? (
        <PagedCardList
          testId="deliveries-grid"
          list={list}
          paging={paging}
          card={(row) => <DeliveryCard row={row} />}
        />
      ) : (
        <PagedDataGrid testId="deliveries-grid" list={list} paging={paging} columns={columns} disableColumnMenu />
      )}
    </Stack>
  );
}
