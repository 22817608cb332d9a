import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { formatBalance } from '@/lib/format';

interface TopupSuccessDialogProps {
  topup: { amount: number; bonus: number } | null;
  onClose: () => void;
}

/**
 * docs/screens.md#top-up-success: the top-up success dialog; the amounts are balances in the
 * interface language (docs/product-rules.md#formats).
 */
export function TopupSuccessDialog({ topup, onClose }: TopupSuccessDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={topup !== null}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      data-testid="topup-success-dialog"
      aria-labelledby="topup-success-title"
    >
      {topup && (
        <>
          <DialogTitle id="topup-success-title" sx={{ pb: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <CheckCircleOutline color="success" />
              <span>{t('topup.successDialog.title')}</span>
            </Stack>
          </DialogTitle>
          <DialogContent>
            <Typography data-testid="topup-success-text">
              {t('topup.successDialog.message', { amount: formatBalance(topup.amount, t) })}
            </Typography>
            {topup.bonus > 0 && (
              <Typography color="success.main" sx={{ mt: 1, fontWeight: 600 }} data-testid="topup-success-bonus">
                {t('topup.successDialog.bonus', { bonus: formatBalance(topup.bonus, t) })}
              </Typography>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button
              onClick={() => {
                onClose();
                navigateTo(paths.app.topup.getHref());
              }}
            >
              {t('topup.successDialog.history')}
            </Button>
            <Button variant="contained" onClick={onClose} data-testid="topup-success-close" autoFocus>
              {t('common.close')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
