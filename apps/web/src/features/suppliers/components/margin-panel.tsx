import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DayRangeFields } from '@/components/day-range-fields';
import {
  formatMargin,
  hasMarginDays,
  MarginByCountryTable,
  MarginDailyChart,
  MarginTable,
} from '@/components/margin-figures';
import { PageSpinner } from '@/components/page-spinner';
import { useMargin, type TMarginAnswer } from '@/hooks/use-margin';
import { lastDays, validRange, type DayRange } from '@/lib/day-range';
import { formatMoney, formatNumber } from '@/lib/format';

/** A titled card around one of the figure tables. */
function TableCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Totals({ data }: { data: TMarginAnswer }) {
  const { t, i18n } = useTranslation();
  const items = [
    { key: 'revenue', label: t('suppliers.margin.revenue'), value: formatMoney(data.revenue, t, i18n.language) },
    { key: 'cost', label: t('suppliers.margin.cost'), value: formatMoney(data.cost, t, i18n.language) },
    {
      key: 'margin',
      label: t('suppliers.margin.margin'),
      value: formatMargin(data, t, i18n.language),
    },
  ];
  return (
    <Grid container spacing={2}>
      {items.map((item) => (
        <Grid key={item.key} size={{ xs: 12, sm: 4 }}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="body2" color="text.secondary">
                {item.label}
              </Typography>
              <Typography
                variant="h6"
                sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
                color={item.key === 'margin' && data.margin < 0 ? 'error' : undefined}
                data-testid={`margin-total-${item.key}`}
              >
                {item.value}
              </Typography>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}

/** Revenue, upstream cost and margin of supplier proxies over a range of days: totals, per day, supplier and country. */
export function MarginPanel() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // The analytics page links here with its own range; any other start is the last 30 days.
  const [range, setRange] = useState<DayRange>(() => {
    const linked = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
    return validRange(linked) ? linked : lastDays(30);
  });
  const valid = validRange(range);
  const margin = useMargin(range, valid);
  const data = margin.data;

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('suppliers.margin.intro')}
      </Typography>
      <DayRangeFields range={range} onChange={setRange} valid={valid} testIdPrefix="margin" />
      {!valid && <Alert severity="error">{t('suppliers.margin.rangeInvalid')}</Alert>}
      {valid && !data && <PageSpinner />}
      {data && (
        <>
          <Totals data={data} />
          <Card variant="outlined">
            <CardContent>
              <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                {t('suppliers.margin.daily')}
              </Typography>
              {hasMarginDays(data.daily) ? (
                <MarginDailyChart days={data.daily} />
              ) : (
                <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
                  {t('suppliers.margin.none')}
                </Typography>
              )}
            </CardContent>
          </Card>
          <TableCard title={t('suppliers.margin.bySupplier')}>
            <MarginTable
              testId="margin-by-supplier"
              head={[t('suppliers.margin.supplier'), t('suppliers.margin.proxies')]}
              rows={data.bySupplier.map((s) => ({
                key: s.supplierId,
                cells: [s.name, formatNumber(s.proxies)],
                figures: s,
              }))}
            />
          </TableCard>
          <TableCard title={t('suppliers.margin.byCountry')}>
            <MarginByCountryTable testId="margin-by-country" rows={data.byCountry} />
          </TableCard>
        </>
      )}
    </Stack>
  );
}
