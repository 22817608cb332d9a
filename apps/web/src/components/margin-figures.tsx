import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { countryName, formatMoney, formatNumber } from '@/lib/format';
import { marginPercent } from '@/lib/margin';

/**
 * The figures of supplier proxies (GET /api/stats/admin/margin) as both the analytics page and
 * the Suppliers page's margin tab show them: coins in the interface language (with dollars in
 * English), margin with its share of revenue.
 */
export interface MarginFigures {
  revenue: number;
  cost: number;
  margin: number;
}

/** "10/03" under the bars: the day and month of a YYYY-MM-DD. */
const dayLabel = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;
const coins = (v: number | null) => formatNumber(v ?? 0);

/** Margin in coins, with its share of revenue when there was revenue ("3,500 coins ($0.15) (70%)"). */
export function formatMargin(figures: MarginFigures, t: Parameters<typeof formatMoney>[1], language: string): string {
  const percent = marginPercent(figures.revenue, figures.margin);
  const money = formatMoney(figures.margin, t, language);
  return percent === null ? money : `${money} (${formatNumber(percent, language)}%)`;
}

/** Whether any day of the range has a supplier sale or cost (else the chart would be all zeros). */
export function hasMarginDays(days: readonly (MarginFigures & { day: string })[]): boolean {
  return days.some((d) => d.revenue !== 0 || d.cost !== 0);
}

/** Revenue, cost and margin per day as bars. */
export function MarginDailyChart({
  days,
  height = 280,
}: {
  days: readonly (MarginFigures & { day: string })[];
  height?: number;
}) {
  const { t } = useTranslation();
  return (
    <BarChart
      height={height}
      xAxis={[{ scaleType: 'band', data: days.map((d) => d.day), valueFormatter: dayLabel }]}
      yAxis={[{ valueFormatter: coins, width: 80 }]}
      series={[
        { data: days.map((d) => d.revenue), label: t('suppliers.margin.revenue'), valueFormatter: coins },
        { data: days.map((d) => d.cost), label: t('suppliers.margin.cost'), valueFormatter: coins },
        { data: days.map((d) => d.margin), label: t('suppliers.margin.margin'), valueFormatter: coins },
      ]}
    />
  );
}

/**
 * A table of figures: the row's own cells (supplier, country…) then revenue, cost and margin. A
 * phone scrolls it inside its frame rather than the page.
 */
export function MarginTable({
  testId,
  head,
  rows,
}: {
  testId: string;
  head: string[];
  rows: { key: string; cells: string[]; figures: MarginFigures }[];
}) {
  const { t, i18n } = useTranslation();
  const money = (coinsValue: number) => formatMoney(coinsValue, t, i18n.language);
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            {head.map((h) => (
              <TableCell key={h} sx={{ whiteSpace: 'nowrap' }}>
                {h}
              </TableCell>
            ))}
            {(['revenue', 'cost', 'margin'] as const).map((key) => (
              <TableCell key={key} align="right" sx={{ whiteSpace: 'nowrap' }}>
                {t(`suppliers.margin.${key}`)}
              </TableCell>
            ))}
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
                {money(r.figures.revenue)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {money(r.figures.cost)}
              </TableCell>
              <TableCell
                align="right"
                sx={{ color: r.figures.margin < 0 ? 'error.main' : undefined, whiteSpace: 'nowrap' }}
              >
                {formatMargin(r.figures, t, i18n.language)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The figures per product and country ("IPv4 proxy", "Malta"). */
export function MarginByCountryTable({
  testId,
  rows,
}: {
  testId: string;
  rows: readonly (MarginFigures & { product: 'v4' | 'v6'; country: string })[];
}) {
  const { t, i18n } = useTranslation();
  return (
    <MarginTable
      testId={testId}
      head={[t('suppliers.margin.product'), t('suppliers.margin.country')]}
      rows={rows.map((c) => ({
        key: `${c.product}-${c.country}`,
        cells: [t(`common.product.${c.product}`), countryName(c.country, i18n.language)],
        figures: c,
      }))}
    />
  );
}
