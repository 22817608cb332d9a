import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextInput } from '@/components/text-input';
import { fieldErrorText } from '@/lib/form-errors';
import { muiField } from '@/lib/form';

/** The e-mail input the auth forms open with (login, register, forgot password). */
export function EmailField({ registration, error }: { registration: UseFormRegisterReturn; error?: FieldError }) {
  const { t } = useTranslation();
  return (
    <TextInput
      {...muiField(registration)}
      type="email"
      label={t('common.email')}
      autoComplete="email"
      autoFocus
      error={Boolean(error)}
      helperText={fieldErrorText(t, error)}
    />
  );
}
