import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { formatMoney, formatNumber } from '@/lib/format';
import { useTotalStats } from '../api/stats';

/** The change against the previous period, e.g. "+12.5%"; null when there was nothing before. */
export function changeText(current: number, previous: number): string | null {
  if (previous === 0) {
    return null;
  }
  const pct = ((current - previous) / previous) * 100;
  return `${pct >= 0 ? '+' : ''}${formatNumber(pct, undefined, 1)}%`;
}

/** /admin/overview: the site's figures at a glance (GET /api/stats/admin/get-total-stats). */
export function AdminOverviewRoute() {
  const { t, i18n } = useTranslation();
  const stats = useTotalStats();
  const s = stats.data;
  const money = (coins: number) => formatMoney(coins, t, i18n.language);
  const change = (cur: number, prev: number, label: string) => {
    const c = changeText(cur, prev);
    return c ? `${c} ${label}` : t('analytics.overview.noPrevious');
  };

  return (
    <>
      <PageHeader
        title={t('analytics.overview.title')}
        actions={
          <Button component={RouterLink} to={paths.admin.analytics.getHref()} startIcon={<InsightsOutlined />}>
            {t('analytics.overview.openAnalytics')}
          </Button>
        }
      />
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}
        data-testid="overview"
      >
        {!s ? (
          Array.from({ length: 6 }, (_, k) => <Skeleton key={k} variant="rounded" height={112} />)
        ) : (
          <>
            <Stat
              label={t('analytics.overview.revenueToday')}
              value={money(s.revenueToday)}
              note={change(s.revenueToday, s.revenuePrevDay, t('analytics.overview.vsYesterday'))}
              testId="overview-revenue-today"
            />
            <Stat
              label={t('analytics.overview.revenueMonth')}
              value={money(s.revenueMonth)}
              note={change(s.revenueMonth, s.revenuePrevMonth, t('analytics.overview.vsLastMonth'))}
            />
            <Stat
              label={t('analytics.overview.newUsers')}
              value={t('analytics.overview.newUsersValue', { today: s.newUsersToday, month: s.newUsersMonth })}
              note={t('analytics.overview.usersTotal', { count: s.users })}
            />
            <Stat
              label={t('analytics.overview.topupsToday')}
              value={money(s.topupsToday)}
              testId="overview-topups-today"
            />
            <Stat
              label={t('analytics.overview.pendingTopups')}
              value={t('analytics.overview.pendingValue', { pending: s.pendingTopups, held: s.heldTopups })}
            />
            <Stat
              label={t('analytics.overview.activeProxies')}
              value={t('analytics.overview.activeProxiesValue', {
                v6: formatNumber(s.activeProxies.v6),
                v4: formatNumber(s.activeProxies.v4),
              })}
            />
            <Stat label={t('analytics.overview.activeKeys')} value={formatNumber(s.activeKeys)} />
            <Stat label={t('analytics.overview.balanceHeld')} value={money(s.balanceHeld)} />
            <Stat
              label={t('analytics.overview.expiring')}
              value={t('analytics.overview.expiringValue', {
                proxies: formatNumber(s.expiringSoon.proxies),
                keys: formatNumber(s.expiringSoon.keys),
              })}
              note={t('analytics.overview.renewalRevenue', { amount: money(s.expiringSoon.renewalRevenue) })}
            />
          </>
        )}
      </Box>
    </>
  );
}

function Stat({ label, value, note, testId }: { label: string; value: ReactNode; note?: string; testId?: string }) {
  return (
    <Card>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h6" sx={{ fontWeight: 700, mt: 0.5, wordBreak: 'break-word' }} data-testid={testId}>
          {value}
        </Typography>
        {note && (
          <Typography variant="caption" color="text.secondary">
            {note}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
