import { useState } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEFAULT_TIME_ZONE } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { DayRangeFields } from '@/components/day-range-fields';
import { PageHeader } from '@/components/page-header';
import { lastDays, validRange } from '@/lib/day-range';
import { useSiteInfo } from '@/lib/site-info';
import { formatMoney } from '@/lib/format';
import { useStatsBreakdown, useStatsDaily, useStock, type StatsRange } from '../api/stats';
import { ChartCard } from '../components/chart-card';
import { CountChart, Empty, RevenueCharts, SalesChart } from '../components/charts';
import { MarginCard } from '../components/margin-card';
import { ProductsTable, RenewalsTable, StockTable } from '../components/tables';
import { renewalsCsv, revenueCsv, salesCsv, stockCsv, usersCsv } from '../utils/analytics-csv';

type Day = NonNullable<ReturnType<typeof useStatsDaily>['data']>['days'][number];

/** Revenue and top-ups per day, with their totals over the range. */
function RevenueCard({ days, loaded, filename }: { days: Day[]; loaded: boolean; filename: string }) {
  const { t, i18n } = useTranslation();
  const totalRevenue = days.reduce((s, d) => s + d.revenue, 0);
  const totalTopups = days.reduce((s, d) => s + Object.values(d.topups).reduce((a, b) => a + b, 0), 0);
  return (
    <ChartCard
      title={t('analytics.revenue.title')}
      csv={() => revenueCsv(days)}
      filename={filename}
      testId="chart-revenue"
    >
      {!loaded ? (
        <Skeleton variant="rounded" height={280} />
      ) : (
        <>
          <Typography variant="body2" sx={{ mb: 1 }} data-testid="revenue-total">
            {t('analytics.revenue.total', {
              amount: formatMoney(totalRevenue, t, i18n.language),
              topups: formatMoney(totalTopups, t, i18n.language),
            })}
          </Typography>
          <RevenueCharts days={days} />
        </>
      )}
    </ChartCard>
  );
}

/** What the supply can serve now, per product and country. */
function StockCard() {
  const { t } = useTranslation();
  const stock = useStock();
  return (
    <ChartCard
      title={t('analytics.stock.title')}
      csv={() => stockCsv(stock.data ?? [])}
      filename="stock.csv"
      testId="chart-stock"
    >
      {!stock.data ? (
        <Skeleton variant="rounded" height={120} />
      ) : stock.data.length === 0 ? (
        <Empty />
      ) : (
        <StockTable rows={stock.data} />
      )}
    </ChartCard>
  );
}

/** /admin/analytics: the site's figures over a chosen range of days in its time zone, each chart with its CSV. */
export function AdminAnalyticsRoute() {
  const { t } = useTranslation();
  const timeZone = useSiteInfo().timeZone ?? DEFAULT_TIME_ZONE;
  const [range, setRange] = useState<StatsRange>(() => lastDays(30, Date.now(), timeZone));
  const daily = useStatsDaily(range);
  const breakdown = useStatsBreakdown(range);
  const days = daily.data?.days ?? [];
  const name = (what: string) => `${what}-${range.from}-${range.to}.csv`;
  const valid = range.from <= range.to;

  return (
    <>
      <PageHeader title={t('analytics.title')} />
      <Box sx={{ mb: 1 }}>
        <DayRangeFields range={range} onChange={setRange} valid={valid} testIdPrefix="range" timeZone={timeZone} />
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 2 }}>
        {t('analytics.zoneNote', { zone: timeZone })}
      </Typography>
      <Stack spacing={2}>
        <RevenueCard days={days} loaded={Boolean(daily.data)} filename={name('revenue')} />
        <ChartCard
          title={t('analytics.sales.title')}
          csv={() => salesCsv(days, breakdown.data?.products ?? [])}
          filename={name('sales')}
          testId="chart-sales"
        >
          {!daily.data ? <Skeleton variant="rounded" height={280} /> : <SalesChart days={days} />}
          {breakdown.data && breakdown.data.products.length > 0 && <ProductsTable rows={breakdown.data.products} />}
        </ChartCard>
        <MarginCard range={range} valid={validRange(range)} />
        <ChartCard
          title={t('analytics.renewals.title')}
          csv={() => renewalsCsv(days, breakdown.data?.renewals ?? [])}
          filename={name('renewals')}
          testId="chart-renewals"
        >
          {daily.data && <CountChart days={days} pick={(d) => d.renewals} label={t('analytics.renewals.perDay')} />}
          {breakdown.data && breakdown.data.renewals.length > 0 && <RenewalsTable rows={breakdown.data.renewals} />}
        </ChartCard>
        <ChartCard
          title={t('analytics.users.title')}
          csv={() => usersCsv(days)}
          filename={name('new-users')}
          testId="chart-users"
        >
          {daily.data && <CountChart days={days} pick={(d) => d.newUsers} label={t('analytics.users.newUsers')} />}
        </ChartCard>
        <StockCard />
      </Stack>
    </>
  );
}
