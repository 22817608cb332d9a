import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { OTP_LENGTH, ZVerifyRequest } from '@proxy/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useCountdown } from '@/hooks/use-countdown';
import { isApiError } from '@/lib/api-error';
import { fieldErrorText, formErrorMap } from '@/lib/form-errors';
import { muiField } from '@/lib/form';
import { notifySuccess } from '@/lib/notify';
import { useReceiveCode } from '../api/receive-code';
import { useVerifyEmail } from '../api/verify-email';
import { toastFirstError } from '../utils/toast-first-error';
import { EMAIL_SLOT, TextWithEmail } from '@/components/email-text';

interface OtpDialogProps {
  email: string;
  /** Seconds before the code can be sent again: 60 right after registering, 0 otherwise. */
  resendAfter: number;
  onClose: () => void;
  onVerified: () => void;
}

/** Sends the code again once the countdown is over; a refusal for coming too soon restarts it with the server's wait. */
function useResend(email: string, resendAfter: number) {
  const { t } = useTranslation();
  const countdown = useCountdown(resendAfter);
  const receiveCode = useReceiveCode();
  const resend = async () => {
    try {
      const { remainTime } = await receiveCode.mutateAsync(email);
      countdown.restart(remainTime);
      notifySuccess(t('auth.otp.resent'));
    } catch (error) {
      const wait = isApiError(error) ? error.dataOf('TOO_MANY_REQUEST')?.remainTime : undefined;
      if (wait !== undefined) {
        countdown.restart(wait);
      }
    }
  };
  return { countdown, receiveCode, resend };
}

/** The email OTP of registration (docs/wire-contract.md#auth): 6 digits, with a resend countdown. */
export function OtpDialog({ email, resendAfter, onClose, onVerified }: OtpDialogProps) {
  const { t } = useTranslation();
  const { countdown, receiveCode, resend } = useResend(email, resendAfter);
  const verify = useVerifyEmail();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof ZVerifyRequest>>({
    resolver: zodResolver(ZVerifyRequest, { error: formErrorMap }),
    defaultValues: { email, code: '' },
  });

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        await verify.mutateAsync(values);
        onVerified();
      } catch {
        // The error toast comes from the mutation cache; the dialog stays for another try.
      }
    },
    (invalid) => toastFirstError(t, invalid, ['code']),
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="otp-dialog-title">
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id="otp-dialog-title">{t('auth.otp.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            <TextWithEmail text={t('auth.otp.message', { email: EMAIL_SLOT })} email={email} />
          </DialogContentText>
          <TextField
            {...muiField(register('code'))}
            label={t('auth.otp.code')}
            autoFocus
            autoComplete="one-time-code"
            error={Boolean(errors.code)}
            helperText={fieldErrorText(t, errors.code)}
            slotProps={{
              htmlInput: {
                inputMode: 'numeric',
                maxLength: OTP_LENGTH,
                'data-testid': 'otp-input',
                style: { letterSpacing: '0.4em', fontSize: 20, textAlign: 'center' },
              },
            }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button
            data-testid="otp-resend"
            disabled={countdown.remaining > 0}
            loading={receiveCode.isPending}
            onClick={() => void resend()}
          >
            {countdown.remaining > 0 ? t('auth.otp.resendIn', { seconds: countdown.remaining }) : t('auth.otp.resend')}
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting} data-testid="otp-submit">
            {t('auth.otp.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
