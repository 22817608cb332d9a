import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TNewIp } from '../api/get-new-ip';
import { CopyCell } from './copy-cell';

/** The line a key got from get-new-ip, and when it may ask again. */
export function NewIpDialog({ result, onClose }: { result: TNewIp; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="new-ip-dialog">
      <DialogTitle>{t('proxies.keys.newIpTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          <CopyCell text={result.proxy} />
          <Typography color="text.secondary">
            {t('proxies.keys.egress', { ip: result.egressIp, protocol: t(`common.protocol.${result.protocol}`) })}
          </Typography>
          <Typography color="text.secondary">{t('proxies.keys.nextChange', { count: result.nextChangeIn })}</Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
