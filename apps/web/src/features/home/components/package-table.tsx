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
import { type TPackage } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { usd } from '../utils/pricing';
import { formatBalance } from '@/lib/format';
import { packageName } from '@/lib/catalog/package-name';

function PackageName({ p }: { p: TPackage }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      {packageName(p, i18n.language)}
      {p.isTrial && (
        <Typography component="span" variant="caption" color="success.main" sx={{ ml: 1 }}>
          {t('content.home.trial')}
        </Typography>
      )}
    </>
  );
}

function PackagePrice({ p }: { p: TPackage }) {
  const { t } = useTranslation();
  return (
    <>
      <strong>{formatBalance(p.price, t)}</strong>
      <Typography component="div" variant="caption" color="text.secondary">
        {usd(p.price)}
      </Typography>
    </>
  );
}

/** On a phone: one card per package, a line per figure, so nothing is cut off at the right. */
function PackageCards({ packages, testId, itemLabel }: { packages: TPackage[]; testId: string; itemLabel: string }) {
  const { t } = useTranslation();
  return (
    <Box data-testid={testId} sx={{ display: 'grid', gap: 1.5 }}>
      {packages.map((p) => {
        const lines: [string, string | number][] = [
          [itemLabel, p.proxies],
          [t('content.home.days'), p.days],
          [t('content.home.bandwidth'), p.bandwidthGb === null ? t('content.home.unlimited') : `${p.bandwidthGb} GB`],
        ];
        return (
          <Card key={p.id} variant="outlined" data-testid="price-card" sx={{ p: 1.5 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mb: 0.5 }}>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                <PackageName p={p} />
              </Typography>
              <Box sx={{ textAlign: 'right' }}>
                <PackagePrice p={p} />
              </Box>
            </Box>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2 }}>
              {lines.map(([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Card>
        );
      })}
    </Box>
  );
}

/** Packages: name, proxies or keys, days, bandwidth and price in coins and dollars. */
export function PackageTable({
  packages,
  testId,
  itemLabel,
}: {
  packages: TPackage[];
  testId: string;
  itemLabel: string;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  if (packages.length === 0) {
    return <Typography color="text.secondary">{t('content.home.noPrices')}</Typography>;
  }
  if (phone) {
    return <PackageCards packages={packages} testId={testId} itemLabel={itemLabel} />;
  }
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            <TableCell>{t('content.home.package')}</TableCell>
            <TableCell align="right">{itemLabel}</TableCell>
            <TableCell align="right">{t('content.home.days')}</TableCell>
            <TableCell align="right">{t('content.home.bandwidth')}</TableCell>
            <TableCell align="right">{t('content.home.price')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {packages.map((p) => (
            <TableRow key={p.id}>
              <TableCell sx={{ fontWeight: 600 }}>
                <PackageName p={p} />
              </TableCell>
              <TableCell align="right">{p.proxies}</TableCell>
              <TableCell align="right">{p.days}</TableCell>
              <TableCell align="right">
                {p.bandwidthGb === null ? t('content.home.unlimited') : `${p.bandwidthGb} GB`}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <PackagePrice p={p} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
