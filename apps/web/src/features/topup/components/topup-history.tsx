import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime, TOPUP_STATUSES, type TopupStatus, type TTopup } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { PagedCardList, RowCard, usePhone } from '@/components/card-list';
import { PagedDataGrid } from '@/components/data-grid';
import { TopupStatusChip, topupStatusLabel } from '@/components/status-chip';
import { usePaging } from '@/hooks/use-paging';
import { formatBalance } from '@/lib/format';
import { ledgerText } from '@/lib/ledger-text';
import { useTopups } from '../api/list-topups';

function TopupAmount({ row }: { row: TTopup }) {
  const { t } = useTranslation();
  return (
    <>
      <span>{formatBalance(row.amount, t)}</span>
      {row.bonus > 0 && (
        <Typography variant="caption" color="success.main">
          {t('topup.history.bonus', { bonus: formatBalance(row.bonus, t) })}
        </Typography>
      )}
    </>
  );
}

/** On a phone: one card per top-up, amount and status first, so neither is off to the right. */
function TopupCard({ row }: { row: TTopup }) {
  const { t, i18n } = useTranslation();
  return (
    <RowCard
      testId="topup-card"
      title={
        <Stack sx={{ lineHeight: 1.3 }} data-testid="topup-card-amount">
          <TopupAmount row={row} />
        </Stack>
      }
      aside={<TopupStatusChip status={row.status} held={row.held} />}
      facts={[
        { label: t('common.date'), value: formatDateTime(row.createdAt) },
        { label: t('topup.history.method'), value: t(`common.paymentMethod.${row.method}`) },
        { label: t('topup.history.content'), value: ledgerText(row, t, i18n.language) },
      ]}
    />
  );
}

function useTopupColumns(): GridColDef<TTopup>[] {
  const { t, i18n } = useTranslation();
  return [
    {
      field: 'createdAt',
      headerName: t('common.date'),
      minWidth: 155,
      valueGetter: (_v, row) => formatDateTime(row.createdAt),
    },
    {
      field: 'method',
      headerName: t('topup.history.method'),
      minWidth: 150,
      valueGetter: (_v, row) => t(`common.paymentMethod.${row.method}`),
    },
    {
      field: 'content',
      headerName: t('topup.history.content'),
      minWidth: 240,
      flex: 1,
      valueGetter: (_v, row) => ledgerText(row, t, i18n.language),
    },
    {
      field: 'amount',
      headerName: t('common.amount'),
      minWidth: 170,
      renderCell: ({ row }) => (
        <Stack sx={{ justifyContent: 'center', height: '100%', lineHeight: 1.3 }}>
          <TopupAmount row={row} />
        </Stack>
      ),
    },
    {
      field: 'status',
      headerName: t('common.status'),
      minWidth: 140,
      renderCell: ({ row }) => <TopupStatusChip status={row.status} held={row.held} />,
    },
  ];
}

/** docs/screens.md#top-up: content, status and date, 25 a page from page 1. */
export function TopupHistory() {
  const { t } = useTranslation();
  const paging = usePaging();
  const [status, setStatus] = useState<TopupStatus | ''>('');
  const topups = useTopups({ page: paging.page, limit: paging.limit, search: '', status: status || undefined });
  const columns = useTopupColumns();
  const phone = usePhone();

  return (
    <Stack spacing={2}>
      <TextField
        select
        label={t('common.status')}
        value={status}
        onChange={(event) => {
          setStatus(event.target.value as TopupStatus | '');
          paging.reset();
        }}
        size="small"
        sx={{ maxWidth: { sm: 240 } }}
        slotProps={{
          inputLabel: { shrink: true },
          select: { displayEmpty: true },
          htmlInput: { 'data-testid': 'topup-history-status' },
        }}
      >
        <MenuItem value="">{t('common.all')}</MenuItem>
        {TOPUP_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`common.topupStatus.${topupStatusLabel(s)}`)}
          </MenuItem>
        ))}
      </TextField>
      {phone ? (
        <PagedCardList testId="topup-history" list={topups} paging={paging} card={(row) => <TopupCard row={row} />} />
      ) : (
        <PagedDataGrid
          testId="topup-history"
          list={topups}
          paging={paging}
          columns={columns}
          getRowHeight={() => 'auto'}
          sx={{ '& .MuiDataGrid-cell': { py: 1 } }}
        />
      )}
    </Stack>
  );
}
