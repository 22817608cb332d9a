import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { PROTOCOLS } from '@proxy/contract';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** The protocol a purchase delivers: a select bound to the form's `protocol` field. */
export function ProtocolSelect<T extends FieldValues>({ control, testId }: { control: Control<T>; testId: string }) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={'protocol' as Path<T>}
      render={({ field }) => (
        <TextField select label={t('dashboard.purchase.protocol')} {...field} data-testid={testId}>
          {PROTOCOLS.map((p) => (
            <MenuItem key={p} value={p}>
              {t(`common.protocol.${p}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
