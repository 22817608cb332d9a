import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PAYMENT_METHODS, type TStatsDay } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';

const HEIGHT = 280;
const coins = (v: number | null) => formatNumber(v ?? 0);
const whole = (v: number | null) => formatNumber(Math.round(v ?? 0));
/** A count axis from 0 with whole ticks; all-zero data still gets a readable 0–1 scale. */
const countAxis = (values: number[]) => [
  { min: 0, max: Math.max(1, ...values), tickMinStep: 1, valueFormatter: whole, width: 48 },
];
/** Point markers only where there are few enough days to tell them apart. */
const marks = (days: TStatsDay[]) => days.length <= 31;
/** "10/03" under the bars: the day and month of a YYYY-MM-DD. */
const dayLabel = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/** Revenue per day (line) and top-ups per day stacked by payment method (bars). */
export function RevenueCharts({ days }: { days: TStatsDay[] }) {
  const { t } = useTranslation();
  const dates = days.map((d) => d.date);
  const methods = PAYMENT_METHODS.filter((m) => days.some((d) => d.topups[m] > 0));
  return (
    <>
      <LineChart
        height={HEIGHT}
        xAxis={[{ scaleType: 'point', data: dates, valueFormatter: dayLabel }]}
        yAxis={[
          { min: 0, max: Math.max(1, ...days.map((d) => d.revenue)), tickMinStep: 1, valueFormatter: whole, width: 80 },
        ]}
        series={[
          {
            data: days.map((d) => d.revenue),
            label: t('analytics.revenue.revenue'),
            valueFormatter: coins,
            area: true,
            showMark: marks(days),
          },
        ]}
      />
      {methods.length > 0 && (
        <BarChart
          height={HEIGHT}
          xAxis={[{ scaleType: 'band', data: dates, valueFormatter: dayLabel }]}
          yAxis={[{ valueFormatter: coins, width: 80 }]}
          series={methods.map((m) => ({
            data: days.map((d) => d.topups[m]),
            label: t(`analytics.methods.${m}`),
            stack: 'topups',
            valueFormatter: coins,
          }))}
        />
      )}
    </>
  );
}

/** Orders and proxies sold per day. */
export function SalesChart({ days }: { days: TStatsDay[] }) {
  const { t } = useTranslation();
  return (
    <BarChart
      height={HEIGHT}
      xAxis={[{ scaleType: 'band', data: days.map((d) => d.date), valueFormatter: dayLabel }]}
      yAxis={countAxis(days.flatMap((d) => [d.orders, d.proxiesSold]))}
      series={[
        { data: days.map((d) => d.orders), label: t('analytics.sales.orders') },
        { data: days.map((d) => d.proxiesSold), label: t('analytics.sales.proxiesSold') },
      ]}
    />
  );
}

/** One count per day as a line (renewals, new users). */
export function CountChart({
  days,
  pick,
  label,
}: {
  days: TStatsDay[];
  pick: (d: TStatsDay) => number;
  label: string;
}) {
  return (
    <LineChart
      height={220}
      xAxis={[{ scaleType: 'point', data: days.map((d) => d.date), valueFormatter: dayLabel }]}
      yAxis={countAxis(days.map(pick))}
      series={[{ data: days.map(pick), label, showMark: marks(days) }]}
    />
  );
}

export function Empty() {
  const { t } = useTranslation();
  return (
    <Typography color="text.secondary" sx={{ py: 2 }}>
      {t('analytics.empty')}
    </Typography>
  );
}
