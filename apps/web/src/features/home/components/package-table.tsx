import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type TPackage } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { usd } from '../utils/pricing';
import { formatBalance } from '@/lib/format';
import { packageName } from '@/lib/catalog/package-name';

/** Packages: name, proxies or keys, days, bandwidth and price in coins and dollars. */
export function PackageTable({
  packages,
  testId,
  unitLabel,
}: {
  packages: TPackage[];
  testId: string;
  unitLabel: string;
}) {
  const { t, i18n } = useTranslation();
  if (packages.length === 0) {
    return <Typography color="text.secondary">{t('content.home.noPrices')}</Typography>;
  }
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            <TableCell>{t('content.home.package')}</TableCell>
            <TableCell align="right">{unitLabel}</TableCell>
            <TableCell align="right">{t('content.home.days')}</TableCell>
            <TableCell align="right">{t('content.home.bandwidth')}</TableCell>
            <TableCell align="right">{t('content.home.price')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {packages.map((p) => (
            <TableRow key={p.id}>
              <TableCell sx={{ fontWeight: 600 }}>
                {packageName(p, i18n.language)}
                {p.isTrial && (
                  <Typography component="span" variant="caption" color="success.main" sx={{ ml: 1 }}>
                    {t('content.home.trial')}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right">{p.proxies}</TableCell>
              <TableCell align="right">{p.days}</TableCell>
              <TableCell align="right">
                {p.bandwidthGb === null ? t('content.home.unlimited') : `${p.bandwidthGb} GB`}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <strong>{formatBalance(p.price, t)}</strong>
                <Typography component="div" variant="caption" color="text.secondary">
                  {usd(p.price)}
                </Typography>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
