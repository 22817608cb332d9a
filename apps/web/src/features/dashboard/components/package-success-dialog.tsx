import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import type { TOrder } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** docs/screens.md#dashboard: the package success dialog, with the way to the bought proxies. */
export function PackageSuccessDialog({ order, count, onClose }: { order: TOrder; count: number; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="package-success">
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <CheckCircleOutline color="success" />
        {t('dashboard.purchase.packages.successTitle')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t('dashboard.purchase.packages.successMessage', { code: order.code, count })}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('common.close')}</Button>
        <Button
          component={Link}
          to={paths.app.order.success.getHref(order.id)}
          variant="contained"
          data-testid="package-success-view"
        >
          {t('dashboard.purchase.packages.viewProxies')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
