import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { type PeriodUnit, type TRetailPrice } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { countryName, formatBalance } from '@/lib/format';
import { priceRows, soldUnits, usd, type PriceRow } from '../utils/pricing';

function Price({ price }: { price: number }) {
  const { t } = useTranslation();
  return (
    <>
      <strong>{formatBalance(price, t)}</strong>
      <Typography component="div" variant="caption" color="text.secondary">
        {usd(price)}
      </Typography>
    </>
  );
}

/** On a phone: one card per country, a line per period unit, so nothing is cut off at the right. */
function PriceCards({ rows, units, testId }: { rows: PriceRow[]; units: PeriodUnit[]; testId: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Box data-testid={testId} sx={{ display: 'grid', gap: 1.5 }}>
      {rows.map((row) => (
        <Card key={row.country} variant="outlined" data-testid="price-card" sx={{ p: 1.5 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 0.5 }}>
            {countryName(row.country, i18n.language)}
          </Typography>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 1 }}>
            {units.map((u) => {
              const price = row.prices[u];
              return (
                <Box key={u} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
                    {t('content.home.perUnit', { unit: t(`common.periodUnit.${u}`) })}
                  </Typography>
                  <Box component="dd" sx={{ m: 0, textAlign: 'right' }}>
                    {price === undefined ? '—' : <Price price={price} />}
                  </Box>
                </Box>
              );
            })}
          </Box>
        </Card>
      ))}
    </Box>
  );
}

/** Retail prices per country and period unit: coins per proxy, and dollars (coins / 24000). */
export function RetailPriceTable({ rows, testId }: { rows: TRetailPrice[]; testId: string }) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const units = soldUnits(rows);
  if (rows.length === 0) {
    return <Typography color="text.secondary">{t('content.home.noPrices')}</Typography>;
  }
  if (phone) {
    return <PriceCards rows={priceRows(rows)} units={units} testId={testId} />;
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
                    {price === undefined ? '—' : <Price price={price} />}
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
