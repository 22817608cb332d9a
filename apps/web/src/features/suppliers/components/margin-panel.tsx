import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { DayRangeFields } from '@/components/day-range-fields';
import { PageSpinner } from '@/components/page-spinner';
import { lastDays, validRange, type DayRange } from '@/lib/day-range';
import { countryName, formatMoney, formatNumber } from '@/lib/format';
import { useMargin, type TMarginAnswer } from '../api/margin';
import { marginPercent } from '../utils/margin';

/** "10/03" under the bars: the day and month of a YYYY-MM-DD. */
const dayLabel = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;
const coins = (v: number | null) => formatNumber(v ?? 0);

interface Figures {
  revenue: number;
  cost: number;
  margin: number;
}

/** Margin in coins, with its share of revenue when there was revenue. */
function MarginCell({ row }: { row: Figures }) {
  const { t, i18n } = useTranslation();
  const percent = marginPercent(row.revenue, row.margin);
  return (
    <TableCell align="right" sx={{ color: row.margin < 0 ? 'error.main' : undefined, whiteSpace: 'nowrap' }}>
      {formatMoney(row.margin, t, i18n.language)}
      {percent !== null && ` (${formatNumber(percent)}%)`}
    </TableCell>
  );
}

function FiguresTable({
  title,
  testId,
  head,
  rows,
}: {
  title: string;
  testId: string;
  head: string[];
  rows: { key: string; cells: string[]; figures: Figures }[];
}) {
  const { t, i18n } = useTranslation();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        {/* A phone scrolls the table inside its frame rather than the page. */}
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid={testId}>
            <TableHead>
              <TableRow>
                {head.map((h) => (
                  <TableCell key={h}>{h}</TableCell>
                ))}
                <TableCell align="right">{t('suppliers.margin.revenue')}</TableCell>
                <TableCell align="right">{t('suppliers.margin.cost')}</TableCell>
                <TableCell align="right">{t('suppliers.margin.margin')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={head.length + 3}>{t('suppliers.margin.none')}</TableCell>
                </TableRow>
              )}
              {rows.map((r) => (
                <TableRow key={r.key}>
                  {r.cells.map((c, i) => (
                    <TableCell key={i} sx={{ whiteSpace: 'nowrap' }}>
                      {c}
                    </TableCell>
                  ))}
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(r.figures.revenue, t, i18n.language)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(r.figures.cost, t, i18n.language)}
                  </TableCell>
                  <MarginCell row={r.figures} />
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </CardContent>
    </Card>
  );
}

function Totals({ data }: { data: TMarginAnswer }) {
  const { t, i18n } = useTranslation();
  const percent = marginPercent(data.revenue, data.margin);
  const items = [
    { key: 'revenue', label: t('suppliers.margin.revenue'), value: formatMoney(data.revenue, t, i18n.language) },
    { key: 'cost', label: t('suppliers.margin.cost'), value: formatMoney(data.cost, t, i18n.language) },
    {
      key: 'margin',
      label: t('suppliers.margin.margin'),
      value: `${formatMoney(data.margin, t, i18n.language)}${percent === null ? '' : ` (${formatNumber(percent)}%)`}`,
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
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState<DayRange>(() => lastDays(30));
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
              {data.daily.some((d) => d.revenue || d.cost) ? (
                <BarChart
                  height={280}
                  xAxis={[{ scaleType: 'band', data: data.daily.map((d) => d.day), valueFormatter: dayLabel }]}
                  yAxis={[{ valueFormatter: coins, width: 80 }]}
                  series={[
                    {
                      data: data.daily.map((d) => d.revenue),
                      label: t('suppliers.margin.revenue'),
                      valueFormatter: coins,
                    },
                    { data: data.daily.map((d) => d.cost), label: t('suppliers.margin.cost'), valueFormatter: coins },
                    {
                      data: data.daily.map((d) => d.margin),
                      label: t('suppliers.margin.margin'),
                      valueFormatter: coins,
                    },
                  ]}
                />
              ) : (
                <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
                  {t('suppliers.margin.none')}
                </Typography>
              )}
            </CardContent>
          </Card>
          <FiguresTable
            title={t('suppliers.margin.bySupplier')}
            testId="margin-by-supplier"
            head={[t('suppliers.margin.supplier'), t('suppliers.margin.proxies')]}
            rows={data.bySupplier.map((s) => ({
              key: s.supplierId,
              cells: [s.name, formatNumber(s.proxies)],
              figures: s,
            }))}
          />
          <FiguresTable
            title={t('suppliers.margin.byCountry')}
            testId="margin-by-country"
            head={[t('suppliers.margin.product'), t('suppliers.margin.country')]}
            rows={data.byCountry.map((c) => ({
              key: `${c.product}-${c.country}`,
              cells: [t(`common.product.${c.product}`), countryName(c.country, i18n.language)],
              figures: c,
            }))}
          />
        </>
      )}
    </Stack>
  );
}
