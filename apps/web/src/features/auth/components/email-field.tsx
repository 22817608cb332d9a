import { useTranslation } from 'react-i18next';
import { TextInput, type TextInputProps } from '@/components/text-input';

type EmailFieldProps = Pick<TextInputProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef'> & {
  /** The field's error message, if any. */
  errorText?: string;
};

/**
 * The e-mail input the auth forms open with (login, register, forgot password); it takes
 * react-hook-form's `muiField(register('email'))` or a controlled value.
 */
export function EmailField({ errorText, ...field }: EmailFieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      {...field}
      type="email"
      label={t('common.email')}
      autoComplete="email"
      autoFocus
      error={Boolean(errorText)}
      helperText={errorText}
    />
  );
}
