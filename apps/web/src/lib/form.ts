import type { UseFormRegisterReturn } from 'react-hook-form';

/** react-hook-form's register() for an MUI TextField, whose `ref` is not the input's. */
export function muiField<TName extends string>({ ref, ...rest }: UseFormRegisterReturn<TName>) {
  return { ...rest, inputRef: ref };
}
