import { useId, type ChangeEventHandler, type FocusEventHandler, type ReactNode, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface TextInputProps {
  label: ReactNode;
  name?: string;
  type?: string;
  value?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  inputRef?: Ref<HTMLInputElement>;
  endAdornment?: ReactNode;
  /** Attributes of the <input> itself (inputMode, maxLength, data-testid). */
  htmlInput?: InputBaseComponentProps;
}

/**
 * A single-line outlined text field: what MUI's TextField renders with the theme's defaults
 * (full width, small, label linked to the input, helper text as its description, aria-invalid),
 * without TextField itself, which also brings Select, Menu, Popover and Modal. The auth pages use
 * it, so the login page's first download stays small; fields of other pages may use either.
 */
export function TextInput({ label, helperText, error, disabled, endAdornment, htmlInput, ...input }: TextInputProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl fullWidth size="small" variant="outlined" error={error} disabled={disabled}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        fullWidth
        aria-describedby={helperId}
        endAdornment={endAdornment}
        inputProps={htmlInput}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
