import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ZPassword } from '@proxy/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PasswordField } from '@/components/password-field';
import { fieldErrorText, formErrorMap } from '@/lib/form-errors';
import { muiField } from '@/lib/form';
import { useCreateNewPassword } from '../api/create-new-password';
import { toastFirstError } from '../utils/toast-first-error';

/** The new password, typed twice (the API takes it once). */
const newPasswordSchema = z
  .object({ password: ZPassword, passwordConfirm: z.string() })
  .refine((v) => v.password === v.passwordConfirm, {
    path: ['passwordConfirm'],
    message: 'incorrectPassword',
  });

/** Step 3: the new password, set with the reset token. */
export function ForgotPasswordStep({ resetToken, onDone }: { resetToken: string; onDone: () => void }) {
  const { t } = useTranslation();
  const createNewPassword = useCreateNewPassword();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof newPasswordSchema>>({
    resolver: zodResolver(newPasswordSchema, { error: formErrorMap }),
    defaultValues: { password: '', passwordConfirm: '' },
  });

  const onSubmit = handleSubmit(
    async ({ password }) => {
      try {
        await createNewPassword.mutateAsync({ resetToken, password });
        onDone();
      } catch {
        // The error toast comes from the mutation cache.
      }
    },
    (invalid) => toastFirstError(t, invalid, ['password', 'passwordConfirm']),
  );

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void onSubmit(event)}>
      <Typography color="text.secondary">{t('auth.forgot.passwordStep')}</Typography>
      <PasswordField
        {...muiField(register('password'))}
        label={t('auth.forgot.newPassword')}
        autoComplete="new-password"
        autoFocus
        error={Boolean(errors.password)}
        helperText={fieldErrorText(t, errors.password)}
      />
      <PasswordField
        {...muiField(register('passwordConfirm'))}
        label={t('auth.forgot.passwordConfirm')}
        autoComplete="new-password"
        error={Boolean(errors.passwordConfirm)}
        helperText={fieldErrorText(t, errors.passwordConfirm)}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={isSubmitting}
        data-testid="forgot-password-submit"
      >
        {t('auth.forgot.submit')}
      </Button>
    </Stack>
  );
}
