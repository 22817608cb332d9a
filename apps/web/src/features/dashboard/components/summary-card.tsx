import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import { formatDateTime, type TDashboardSummary, type TExpiringGroup } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth';
import { formatMoney, formatNumber } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { useDashboardSummary, useRenewExpiring } from '../api/get-summary';

type RenewUnit = keyof TExpiringGroup['renewPrices'];
const UNITS: RenewUnit[] = ['day', 'week', 'month'];

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/** Renewing one expiring group: the period, its price, then the same call as the proxy list. */
function RenewExpiringDialog({ group, onClose }: { group: TExpiringGroup; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const sold = UNITS.filter((u) => group.renewPrices[u] !== null);
  const [unit, setUnit] = useState<RenewUnit | undefined>(sold[0]);
  const renew = useRenewExpiring();
  const price = unit ? group.renewPrices[unit] : null;
  const what = `${t(`common.product.${group.product}`)} (${formatNumber(group.count)})`;
  return (
    <ConfirmDialog
      open
      title={t('dashboard.summary.renewTitle', { what })}
      confirmLabel={t('dashboard.summary.renew')}
      loading={renew.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (!unit) {
          return;
        }
        renew.mutate(
          { group, period: { unit, value: 1 } },
          {
            onSuccess: () => {
              notifySuccess(t('dashboard.summary.renewed'));
              onClose();
            },
          },
        );
      }}
      testId="summary-renew-dialog"
    >
      {!unit ? (
        <Alert severity="warning">{t('dashboard.summary.notSold')}</Alert>
      ) : (
        <Stack spacing={2}>
          <DialogContentText>{t('dashboard.summary.renewMessage')}</DialogContentText>
          <TextField
            select
            label={t('dashboard.summary.period')}
            value={unit}
            onChange={(event) => setUnit(event.target.value as RenewUnit)}
            data-testid="summary-renew-period"
          >
            {sold.map((u) => (
              <MenuItem key={u} value={u}>
                {t(`dashboard.summary.periods.${u}`)}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
            <Typography sx={{ fontWeight: 700 }}>{t('common.total')}</Typography>
            <Typography color="primary" sx={{ fontWeight: 800 }} data-testid="summary-renew-price">
              {price === null ? '' : formatMoney(price, t, i18n.language)}
            </Typography>
          </Stack>
        </Stack>
      )}
    </ConfirmDialog>
  );
}

function ExpiringList({ summary }: { summary: TDashboardSummary }) {
  const { t } = useTranslation();
  const [renewing, setRenewing] = useState<TExpiringGroup | null>(null);
  const packages = summary.expiringPackageProxies;
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {t('dashboard.summary.expiringTitle')}
      </Typography>
      {summary.expiring.length === 0 && packages === 0 && (
        <Typography color="text.secondary">{t('dashboard.summary.noneExpiring')}</Typography>
      )}
      <Stack spacing={1}>
        {summary.expiring.map((g) => (
          <Stack
            key={g.product}
            direction={{ xs: 'column', sm: 'row' }}
            sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', gap: 1 }}
            data-testid={`summary-expiring-${g.product}`}
          >
            <Typography variant="body2">
              {t('dashboard.summary.expiringGroup', {
                product: t(`common.product.${g.product}`),
                n: formatNumber(g.count),
                date: formatDateTime(g.firstExpiresAt),
              })}
            </Typography>
            <Button
              size="small"
              variant="outlined"
              startIcon={<AutorenewOutlined />}
              onClick={() => setRenewing(g)}
              sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, flexShrink: 0 }}
              data-testid="summary-renew"
            >
              {t('dashboard.summary.renew')}
            </Button>
          </Stack>
        ))}
        {packages > 0 && (
          <Typography variant="body2" color="text.secondary" data-testid="summary-expiring-packages">
            {t('dashboard.summary.packageProxies', { count: packages, n: formatNumber(packages) })}{' '}
            <Link to={paths.app.order.getHref()}>{t('dashboard.summary.viewOrders')}</Link>
          </Typography>
        )}
      </Stack>
      {renewing && <RenewExpiringDialog group={renewing} onClose={() => setRenewing(null)} />}
    </Box>
  );
}

/** docs/screens.md#dashboard: the overview at the top (one call: GET /api/dashboard/summary). */
export function SummaryCard() {
  const { t, i18n } = useTranslation();
  const summary = useDashboardSummary();
  // The balance the top bar shows: realtime events (a top-up, a charge in another tab) update it
  // at once, while the summary is refetched only after this tab's own charges.
  const balance = useMe().data?.balance;
  const s = summary.data;
  if (!s) {
    return null;
  }
  return (
    <Card data-testid="dashboard-summary">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          {t('dashboard.summary.title')}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr 1fr', md: '1.5fr 1.5fr 1fr 1fr 1fr' },
            mb: 2.5,
          }}
        >
          <Figure
            label={t('dashboard.summary.balance')}
            value={formatMoney(balance ?? s.balance, t, i18n.language)}
            testId="summary-balance"
          />
          <Figure
            label={t('dashboard.summary.monthSpend')}
            value={formatMoney(s.monthSpend, t, i18n.language)}
            testId="summary-month-spend"
          />
          {(['v6', 'v4', 'key'] as const).map((p) => (
            <Figure
              key={p}
              label={`${t(`common.product.${p}`)} · ${t('dashboard.summary.active')}`}
              value={formatNumber(s.active[p])}
              testId={`summary-active-${p}`}
            />
          ))}
        </Box>
        <ExpiringList summary={s} />
      </CardContent>
    </Card>
  );
}
