import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PROXY_PASSWORD_MAX, PROXY_PASSWORD_MIN } from '@proxy/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { muiField } from '@/lib/form';
import { notifyError } from '@/lib/notify';
import { isValidProxyPassword } from '../utils/proxy-forms';

interface PasswordDialogProps {
  count: number;
  pending: boolean;
  onConfirm: (password: string) => void;
  onClose: () => void;
}

/** docs/product-rules.md#proxy-passwords: 10–20 letters or digits; it applies within 2 minutes, to proxies in use. */
export function PasswordDialog({ count, pending, onConfirm, onClose }: PasswordDialogProps) {
  const { t } = useTranslation();
  const { register, handleSubmit } = useForm({ defaultValues: { password: '' } });
  const rule = { min: PROXY_PASSWORD_MIN, max: PROXY_PASSWORD_MAX };
  const submit = handleSubmit(({ password }) => {
    if (!isValidProxyPassword(password)) {
      notifyError(t('proxies.password.invalid', rule));
      return;
    }
    onConfirm(password);
  });
  return (
    <ConfirmDialog
      open
      title={t('proxies.password.title')}
      confirmLabel={t('common.save')}
      onConfirm={() => void submit()}
      onClose={onClose}
      loading={pending}
      testId="password-dialog"
    >
      <Stack spacing={2}>
        <DialogContentText>
          {t('proxies.appliesTo', { count })} {t('proxies.password.help', rule)}
        </DialogContentText>
        <TextField
          {...muiField(register('password'))}
          label={t('proxies.password.label')}
          autoFocus
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: PROXY_PASSWORD_MAX, 'data-testid': 'password-input' } }}
        />
      </Stack>
    </ConfirmDialog>
  );
}
