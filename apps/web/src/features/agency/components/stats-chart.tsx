import { BarChart } from '@mui/x-charts/BarChart';
import { type TAgencyStatsDay } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';

const coins = (v: number | null) => (v === null ? '' : formatNumber(v));

/** DD/MM from YYYY-MM-DD (docs/product-rules.md#formats: day before month). */
const dayLabel = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/** Deposits and commission per day, and new members per day below them (MUI X Charts). */
export function StatsChart({ days }: { days: TAgencyStatsDay[] }) {
  const { t } = useTranslation();
  const dates = days.map((d) => dayLabel(d.date));
  return (
    <div
      data-testid="agency-chart"
      role="figure"
      aria-label={t('agency.stats.chartLabel')}
      // The range's sums, for tests and assistive tools that cannot read the bars.
      data-deposit={days.reduce((sum, d) => sum + d.deposit, 0)}
      data-commission={days.reduce((sum, d) => sum + d.commission, 0)}
    >
      <BarChart
        height={260}
        xAxis={[{ scaleType: 'band', data: dates }]}
        yAxis={[{ valueFormatter: (v: number) => formatNumber(v), width: 72 }]}
        series={[
          { data: days.map((d) => d.deposit), label: t('agency.stats.deposit'), valueFormatter: coins, id: 'deposit' },
          {
            data: days.map((d) => d.commission),
            label: t('agency.stats.commission'),
            valueFormatter: coins,
            id: 'commission',
          },
        ]}
        margin={{ left: 8, right: 8 }}
      />
      <BarChart
        height={150}
        xAxis={[{ scaleType: 'band', data: dates }]}
        // Whole members only; an empty range still shows a 0–1 scale rather than fractions.
        yAxis={[
          {
            tickMinStep: 1,
            min: 0,
            max: days.some((d) => d.newMembers > 0) ? undefined : 1,
            valueFormatter: (v: number) => formatNumber(v),
            width: 72,
          },
        ]}
        series={[
          { data: days.map((d) => d.newMembers), label: t('agency.stats.newMembers'), id: 'members', color: '#7e57c2' },
        ]}
        margin={{ left: 8, right: 8 }}
      />
    </div>
  );
}
