import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type TStatsBreakdown, type TStockRow } from '@proxy/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { countryName, formatMoney, formatNumber } from '@/lib/format';

const PRODUCTS = ['v6', 'v4', 'key', 'package'] as const;

function productName(t: TFunction, p: string): string {
  const known = PRODUCTS.find((x) => x === p);
  return known ? t(`analytics.products.${known}`) : p;
}

export function ProductsTable({ rows }: { rows: TStatsBreakdown['products'] }) {
  const { t, i18n } = useTranslation();
  return (
    <TableContainer sx={{ mt: 2 }}>
      <Typography variant="subtitle2">{t('analytics.sales.byProduct')}</Typography>
      <Table size="small" data-testid="products-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('analytics.sales.product')}</TableCell>
            <TableCell align="right">{t('analytics.sales.orders')}</TableCell>
            <TableCell align="right">{t('analytics.sales.proxiesSold')}</TableCell>
            <TableCell align="right">{t('analytics.sales.revenue')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.product}>
              <TableCell>{productName(t, r.product)}</TableCell>
              <TableCell align="right">{formatNumber(r.orders)}</TableCell>
              <TableCell align="right">{formatNumber(r.proxiesSold)}</TableCell>
              <TableCell align="right">{formatMoney(r.revenue, t, i18n.language)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function RenewalsTable({ rows }: { rows: TStatsBreakdown['renewals'] }) {
  const { t, i18n } = useTranslation();
  return (
    <TableContainer sx={{ mt: 2 }}>
      <Table size="small" data-testid="renewals-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('analytics.renewals.product')}</TableCell>
            <TableCell>{t('analytics.renewals.country')}</TableCell>
            <TableCell align="right">{t('analytics.renewals.renewed')}</TableCell>
            <TableCell align="right">{t('analytics.renewals.expired')}</TableCell>
            <TableCell align="right">{t('analytics.renewals.rate')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={`${r.product}-${r.country}`}>
              <TableCell>{productName(t, r.product)}</TableCell>
              <TableCell>{countryName(r.country, i18n.language)}</TableCell>
              <TableCell align="right">{formatNumber(r.renewed, i18n.language)}</TableCell>
              <TableCell align="right">{formatNumber(r.expired, i18n.language)}</TableCell>
              <TableCell align="right">
                {r.rate === null ? '—' : `${formatNumber(r.rate * 100, i18n.language, 1)}%`}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="caption" color="text.secondary">
        {t('analytics.renewals.note')}
      </Typography>
    </TableContainer>
  );
}

export function StockTable({ rows }: { rows: TStockRow[] }) {
  const { t, i18n } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" data-testid="stock-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('analytics.stock.type')}</TableCell>
            <TableCell>{t('analytics.stock.country')}</TableCell>
            <TableCell>{t('analytics.stock.pool')}</TableCell>
            <TableCell align="right">{t('analytics.stock.free')}</TableCell>
            <TableCell align="right">{t('analytics.stock.used')}</TableCell>
            <TableCell align="right">{t('analytics.stock.pace')}</TableCell>
            <TableCell align="right">{t('analytics.stock.daysLeft')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={`${r.type}-${r.country}-${r.pool}`}>
              <TableCell>{productName(t, r.type)}</TableCell>
              <TableCell>{countryName(r.country, i18n.language)}</TableCell>
              <TableCell>{r.pool}</TableCell>
              <TableCell align="right">
                {r.free === null ? t('analytics.stock.unlimited') : formatNumber(r.free)}
              </TableCell>
              <TableCell align="right">{formatNumber(r.used)}</TableCell>
              <TableCell align="right">{r.soldPerDay}</TableCell>
              <TableCell align="right">{r.daysLeft === null ? '—' : r.daysLeft}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
