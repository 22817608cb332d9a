import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

/** The on/off switch of an admin form, bound to its `active` field. */
export function ActiveSwitch<T extends FieldValues & { active: boolean }>({
  control,
  label,
  testId,
}: {
  control: Control<T>;
  label: string;
  testId?: string;
}) {
  return (
    <Controller
      control={control}
      name={'active' as Path<T>}
      render={({ field }) => (
        <FormControlLabel
          control={
            <Switch checked={field.value} onChange={(_, checked) => field.onChange(checked)} data-testid={testId} />
          }
          label={label}
        />
      )}
    />
  );
}
