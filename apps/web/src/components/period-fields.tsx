import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Period, PeriodUnit } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { fieldFromNumber, numberFromField } from '@/lib/form';

interface PeriodFieldsProps {
  units: readonly PeriodUnit[];
  value: Period;
  onChange: (period: Period) => void;
  error?: string;
  testIdPrefix?: string;
}

/** A period as a unit (hour/day/week/month, those on sale) and a number of units. */
export function PeriodFields({ units, value, onChange, error, testIdPrefix = 'period' }: PeriodFieldsProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1.5}>
      <TextField
        select
        label={t('common.periodUnitLabel')}
        value={units.includes(value.unit) ? value.unit : ''}
        onChange={(event) => onChange({ ...value, unit: event.target.value as PeriodUnit })}
        data-testid={`${testIdPrefix}-unit`}
        sx={{ flex: 1 }}
      >
        {units.map((unit) => (
          <MenuItem key={unit} value={unit}>
            {t(`common.periodUnit.${unit}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="number"
        label={t('common.periodValueLabel')}
        value={fieldFromNumber(value.value)}
        onChange={(event) => onChange({ ...value, value: numberFromField(event.target.value) })}
        error={Boolean(error)}
        helperText={error}
        slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric', 'data-testid': `${testIdPrefix}-value` } }}
        sx={{ flex: 1 }}
      />
    </Stack>
  );
}
