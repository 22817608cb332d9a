import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type TRetailPrice } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { countryName, formatBalance } from '@/lib/format';
import { priceRows, soldUnits, usd } from '../utils/pricing';

/** Retail prices per country and period unit: coins per proxy, and dollars (coins / 24000). */
export function RetailPriceTable({ rows, testId }: { rows: TRetailPrice[]; testId: string }) {
  const { t, i18n } = useTranslation();
  const units = soldUnits(rows);
  if (rows.length === 0) {
    return <Typography color="text.secondary">{t('content.home.noPrices')}</Typography>;
  }
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            <TableCell>{t('common.country')}</TableCell>
            {units.map((u) => (
              <TableCell key={u} align="right">
                {t('content.home.perUnit', { unit: t(`common.periodUnit.${u}`) })}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {priceRows(rows).map((row) => (
            <TableRow key={row.country}>
              <TableCell sx={{ fontWeight: 600 }}>{countryName(row.country, i18n.language)}</TableCell>
              {units.map((u) => {
                const price = row.prices[u];
                return (
                  <TableCell key={u} align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {price === undefined ? (
                      '—'
                    ) : (
                      <>
                        <strong>{formatBalance(price, t)}</strong>
                        <Typography component="div" variant="caption" color="text.secondary">
                          {usd(price)}
                        </Typography>
                      </>
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
