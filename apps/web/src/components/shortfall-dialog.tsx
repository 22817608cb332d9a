import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AMOUNT_PARAM, paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import type { Shortfall } from '@/lib/shortfall';

interface ShortfallDialogProps {
  shortfall: Shortfall | null;
  onClose: () => void;
}

function Line({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
      <Typography color={strong ? 'error' : 'text.secondary'} sx={{ fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography
        sx={{ fontWeight: strong ? 700 : 500, overflowWrap: 'anywhere' }}
        color={strong ? 'error' : undefined}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Stack>
  );
}

/**
 * docs/screens.md#not-enough-balance: the price, the balance and what is missing, and a button
 * that opens the top-up page with that amount filled in (rounded up to the method's minimum there).
 */
export function ShortfallDialog({ shortfall, onClose }: ShortfallDialogProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  return (
    <Dialog
      open={shortfall !== null}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      data-testid="shortfall-dialog"
      aria-labelledby="shortfall-title"
    >
      {shortfall && (
        <>
          <DialogTitle id="shortfall-title">{t('topup.shortfall.title')}</DialogTitle>
          <DialogContent>
            <Stack spacing={1}>
              <Line
                label={t('topup.shortfall.price')}
                value={formatMoney(shortfall.price, t, i18n.language)}
                testId="shortfall-price"
              />
              <Line
                label={t('topup.shortfall.balance')}
                value={formatMoney(shortfall.balance, t, i18n.language)}
                testId="shortfall-balance"
              />
              <Line
                label={t('topup.shortfall.short')}
                value={formatMoney(shortfall.short, t, i18n.language)}
                testId="shortfall-short"
                strong
              />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={onClose}>{t('common.close')}</Button>
            <Button
              variant="contained"
              data-testid="shortfall-topup"
              onClick={() => {
                onClose();
                void navigate(`${paths.app.topup.getHref()}?${AMOUNT_PARAM}=${shortfall.short}`);
              }}
            >
              {t('topup.shortfall.topUp')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
