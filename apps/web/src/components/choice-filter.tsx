import type { ReactNode } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

export interface Choice<V extends string> {
  value: V;
  label: ReactNode;
}

/** Shows "All" in the closed field while nothing is chosen, with the label kept above it. */
const EMPTY_SHOWN = { inputLabel: { shrink: true }, select: { displayEmpty: true } };

/** A select filter whose first choice, "All" (the empty value), filters nothing. */
export function ChoiceFilter<V extends string>({
  label,
  value,
  choices,
  onChange,
  testId,
  size,
  sx,
}: {
  label: string;
  value: V | '';
  choices: readonly Choice<V>[];
  onChange: (value: V | '') => void;
  testId: string;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size={size}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as V | '')}
      slotProps={EMPTY_SHOWN}
      data-testid={testId}
      sx={sx}
    >
      <MenuItem value="">{t('common.all')}</MenuItem>
      {choices.map((c) => (
        <MenuItem key={c.value} value={c.value}>
          {c.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
