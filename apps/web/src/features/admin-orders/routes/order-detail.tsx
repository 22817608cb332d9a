import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime, type TOrderLog } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { AppDataGrid } from '@/components/data-grid';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { OrderStatusChip } from '@/components/status-chip';
import { paths } from '@/config/paths';
import { orderPackageName } from '@/lib/catalog/package-name';
import { countryName, formatMoney, formatNumber, formatPeriod } from '@/lib/format';
import { orderLogNote } from '@/lib/note-text';
import { SectionCard } from '@/components/section-card';
import { useAdminOrder, useAdminOrderLog } from '../api/order-admin';
import { CancelOrderDialog, ExtendOrderDialog } from '../components/order-actions';
import { OrderItems } from '../components/order-items';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 6, md: 3 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ fontWeight: 500, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Grid>
  );
}

type AdminOrder = NonNullable<ReturnType<typeof useAdminOrder>['data']>;

/** What was done to the order, newest first: action, result, amount and note. */
function OrderHistory({ log }: { log: ReturnType<typeof useAdminOrderLog> }) {
  const { t, i18n } = useTranslation();
  const logColumns: GridColDef<TOrderLog & { id: number }>[] = [
    {
      field: 'createdAt',
      headerName: t('common.date'),
      minWidth: 150,
      valueGetter: (_v, r) => formatDateTime(r.createdAt),
    },
    {
      field: 'action',
      headerName: t('admin.orderDetail.action'),
      minWidth: 170,
      valueGetter: (_v, r) => t(`orders.history.actions.${r.action}`),
    },
    {
      field: 'result',
      headerName: t('admin.orderDetail.result'),
      minWidth: 120,
      valueGetter: (_v, r) => t(`orders.history.results.${r.result}`),
    },
    {
      field: 'amount',
      headerName: t('common.amount'),
      minWidth: 200,
      valueGetter: (_v, r) => formatMoney(r.amount, t, i18n.language),
    },
    {
      field: 'note',
      headerName: t('admin.orderDetail.note'),
      minWidth: 240,
      flex: 1,
      valueGetter: (_v, r) => orderLogNote(r, t, i18n.language),
    },
  ];
  return (
    <SectionCard title={t('admin.orderDetail.history')} testId="order-history">
      <AppDataGrid
        rows={(log.data ?? []).map((l, i) => ({ ...l, id: i }))}
        columns={logColumns}
        loading={log.isFetching}
        hideFooter={(log.data?.length ?? 0) <= 25}
        density="compact"
      />
    </SectionCard>
  );
}

/** Whose order it is, its state, what was bought, for how long and at what price. */
function OrderSummary({ order: o }: { order: AdminOrder }) {
  const { t, i18n } = useTranslation();
  const date = (v: string | null) => (v ? formatDateTime(v) : t('common.none'));
  return (
    <SectionCard title={t('admin.orderDetail.summary')} testId="order-summary">
      <Grid container spacing={2}>
        <Fact label={t('admin.orderDetail.customer')}>
          <Link component={RouterLink} to={paths.admin.customer.getHref(o.userId)} data-testid="order-customer">
            {o.email}
          </Link>
        </Fact>
        <Fact label={t('common.status')}>
          <span data-testid="order-status">
            <OrderStatusChip status={o.status} />
          </span>
        </Fact>
        <Fact label={t('common.type')}>
          {[t(`common.product.${o.type === 'package' ? o.product : o.type}`), orderPackageName(o, i18n.language)]
            .filter(Boolean)
            .join(' · ')}
        </Fact>
        <Fact label={t('common.country')}>{countryName(o.country, i18n.language)}</Fact>
        <Fact label={t('common.quantity')}>{formatNumber(o.quantity)}</Fact>
        <Fact label={t('common.period')}>{formatPeriod(o.period, t)}</Fact>
        <Fact label={t('common.total')}>
          <span data-testid="order-total">{formatMoney(o.totalPrice, t, i18n.language)}</span>
        </Fact>
        <Fact label={t('orders.columns.expiresAt')}>
          <span data-testid="order-expires">{date(o.expiresAt)}</span>
        </Fact>
      </Grid>
    </SectionCard>
  );
}

/** /admin/orders/:id: one order of the site, its proxies or keys, its history, extend and cancel. */
export function OrderDetailRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const order = useAdminOrder(id);
  const log = useAdminOrderLog(id);
  const [dialog, setDialog] = useState<'extend' | 'cancel' | null>(null);
  const o = order.data;
  if (!o) {
    return order.isError ? null : <PageSpinner />;
  }
  const live = o.status !== 'cancelled';
  return (
    <>
      <PageHeader
        title={t('admin.orderDetail.title', { code: o.code })}
        actions={
          live && (
            <>
              <Button variant="contained" onClick={() => setDialog('extend')} data-testid="order-extend">
                {t('admin.orderDetail.extend')}
              </Button>
              <Button variant="outlined" color="error" onClick={() => setDialog('cancel')} data-testid="order-cancel">
                {t('admin.orderDetail.cancel')}
              </Button>
            </>
          )
        }
      />
      <Stack spacing={2.5}>
        <OrderSummary order={o} />
        <SectionCard title={o.type === 'key' ? t('admin.orderDetail.keys') : t('admin.orderDetail.items')}>
          <OrderItems orderId={o.id} isKey={o.type === 'key'} />
        </SectionCard>
        <OrderHistory log={log} />
      </Stack>
      {dialog === 'extend' && <ExtendOrderDialog order={o} onClose={() => setDialog(null)} />}
      {dialog === 'cancel' && <CancelOrderDialog order={o} onClose={() => setDialog(null)} />}
    </>
  );
}
