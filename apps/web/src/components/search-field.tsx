import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';

interface SearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  testId: string;
  /** Where a heading beside it already says what is searched, the "Search" label is for screen readers only. */
  hideLabel?: boolean;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
}

/** The search box of a list, with its magnifier. */
export function SearchField({ value, onChange, placeholder, testId, hideLabel = false, ...props }: SearchFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      {...props}
      label={hideLabel ? undefined : t('common.search')}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
        htmlInput: { 'aria-label': hideLabel ? t('common.search') : undefined, 'data-testid': testId },
      }}
    />
  );
}
