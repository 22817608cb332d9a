import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowForwardOutlined from '@mui/icons-material/ArrowForwardOutlined';
import { useTranslation } from 'react-i18next';
import { formatMargin, hasMarginDays, MarginByCountryTable, MarginDailyChart } from '@/components/margin-figures';
import { paths } from '@/config/paths';
import { useMargin } from '@/hooks/use-margin';
import { formatMoney } from '@/lib/format';
import type { StatsRange } from '../api/stats';
import { marginCsv } from '../utils/analytics-csv';
import { ChartCard } from './chart-card';

/**
 * The margin of supplier proxies over the analytics range: totals, per day and per country, with
 * a link to the Suppliers page's margin tab (per supplier) for the same range. Without any supplier
 * sale or cost in the range it says so instead of drawing zeros.
 */
export function MarginCard({ range, valid }: { range: StatsRange; valid: boolean }) {
  const { t, i18n } = useTranslation();
  const margin = useMargin(range, valid);
  const data = margin.data;
  const empty = data !== undefined && !hasMarginDays(data.daily) && data.byCountry.length === 0;
  const money = (coins: number) => formatMoney(coins, t, i18n.language);
  const detailsHref = `${paths.admin.suppliers.getHref()}?${new URLSearchParams({ tab: 'margin', ...range }).toString()}`;

  return (
    <ChartCard
      title={t('analytics.margin.title')}
      csv={() => (data ? marginCsv(data) : '')}
      filename={`margin-${range.from}-${range.to}.csv`}
      testId="chart-margin"
    >
      <Stack spacing={1.5}>
        <Typography variant="body2" color="text.secondary">
          {t('analytics.margin.intro')}
        </Typography>
        {!data ? (
          <Skeleton variant="rounded" height={200} />
        ) : empty ? (
          <Typography variant="body2" sx={{ py: 2 }} data-testid="margin-card-empty">
            {t('analytics.margin.empty')}
          </Typography>
        ) : (
          <>
            <Typography
              variant="body2"
              sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
              color={data.margin < 0 ? 'error' : undefined}
              data-testid="margin-card-totals"
            >
              {t('analytics.margin.totals', {
                revenue: money(data.revenue),
                cost: money(data.cost),
                margin: formatMargin(data, t, i18n.language),
              })}
            </Typography>
            <Typography variant="subtitle2">{t('analytics.margin.perDay')}</Typography>
            <MarginDailyChart days={data.daily} height={240} />
            <Typography variant="subtitle2">{t('analytics.margin.byCountry')}</Typography>
            <MarginByCountryTable testId="margin-card-by-country" rows={data.byCountry} />
          </>
        )}
        <div>
          <Button
            component={RouterLink}
            to={detailsHref}
            size="small"
            endIcon={<ArrowForwardOutlined />}
            data-testid="margin-card-details"
          >
            {t('analytics.margin.open')}
          </Button>
        </div>
      </Stack>
    </ChartCard>
  );
}
