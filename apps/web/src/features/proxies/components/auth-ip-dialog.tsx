import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MAX_AUTH_IPS } from '@proxy/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { muiField } from '@/lib/form';
import { notifyError } from '@/lib/notify';
import { authIpProblem, parseAuthIps } from '../utils/proxy-forms';

interface AuthIpDialogProps {
  count: number;
  initial: string[];
  pending: boolean;
  onConfirm: (ips: string[]) => void;
  onClose: () => void;
}

/** docs/product-rules.md#auth-ips: up to 3 IPv4 addresses, one per line, checked here and then by the server. */
export function AuthIpDialog({ count, initial, pending, onConfirm, onClose }: AuthIpDialogProps) {
  const { t } = useTranslation();
  const { register, handleSubmit } = useForm({ defaultValues: { ips: initial.join('\n') } });
  const submit = handleSubmit(({ ips }) => {
    const list = parseAuthIps(ips);
    const problem = authIpProblem(list);
    if (problem) {
      notifyError(t(`proxies.authIp.errors.${problem}`, { max: MAX_AUTH_IPS }));
      return;
    }
    onConfirm(list);
  });
  return (
    <ConfirmDialog
      open
      title={t('proxies.authIp.title')}
      confirmLabel={t('common.save')}
      onConfirm={() => void submit()}
      onClose={onClose}
      loading={pending}
      testId="auth-ip-dialog"
    >
      <Stack spacing={2}>
        <DialogContentText>
          {t('proxies.appliesTo', { count })} {t('proxies.authIp.help', { max: MAX_AUTH_IPS })}
        </DialogContentText>
        <TextField
          {...muiField(register('ips'))}
          label={t('proxies.columns.authIps')}
          placeholder={'203.0.113.10\n198.51.100.7'}
          multiline
          minRows={3}
          autoFocus
          slotProps={{ htmlInput: { spellCheck: false, 'data-testid': 'auth-ip-input' } }}
        />
      </Stack>
    </ConfirmDialog>
  );
}
