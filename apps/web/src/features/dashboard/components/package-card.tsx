import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TPackage } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPeriod } from '@/lib/format';
import { packageName } from '@/lib/catalog/package-name';

interface PackageCardProps {
  product: 'v6' | 'v4';
  pkg: TPackage;
  onBuy: () => void;
  /** Why the user may not buy it now; the button is then disabled. */
  blocked?: string;
  /** What buying it also does (e.g. it ends the trial). */
  note?: string;
}

/** One package: its price, proxies, days and bandwidth; the trial is marked. */
export function PackageCard({ product, pkg, onBuy, blocked, note }: PackageCardProps) {
  const { t, i18n } = useTranslation();
  const facts = [
    t('dashboard.purchase.packages.proxies', { count: pkg.proxies }),
    formatPeriod({ unit: 'day', value: pkg.days }, t),
    pkg.bandwidthGb === null
      ? t('dashboard.purchase.packages.unlimited')
      : t('dashboard.purchase.packages.bandwidth', { gb: pkg.bandwidthGb }),
  ];
  return (
    <Card
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      data-testid={`package-${product}-${pkg.isTrial ? 'trial' : pkg.id}`}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h4" sx={{ fontWeight: 700 }}>
            {packageName(pkg, i18n.language)}
          </Typography>
          {pkg.isTrial && <Chip size="small" color="secondary" label={t('dashboard.purchase.packages.trial')} />}
        </Stack>
        <Typography variant="h5" component="p" color="primary" sx={{ fontWeight: 800, mb: 1 }}>
          {formatMoney(pkg.price, t, i18n.language)}
        </Typography>
        {facts.map((fact) => (
          <Typography key={fact} color="text.secondary" variant="body2">
            {fact}
          </Typography>
        ))}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, flexDirection: 'column', alignItems: 'stretch', gap: 1 }}>
        {(blocked ?? note) && (
          <Typography
            variant="body2"
            color={blocked ? 'text.secondary' : 'warning.dark'}
            data-testid={blocked ? 'package-blocked' : 'package-note'}
          >
            {blocked ?? note}
          </Typography>
        )}
        <Button
          variant="outlined"
          fullWidth
          onClick={onBuy}
          disabled={blocked !== undefined}
          data-testid="package-buy"
          sx={{ ml: '0 !important' }}
        >
          {t('dashboard.purchase.packages.buy')}
        </Button>
      </CardActions>
    </Card>
  );
}
