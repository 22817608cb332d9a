import type { UseFormRegisterReturn } from 'react-hook-form';

/** react-hook-form's register() for an MUI TextField, whose `ref` is not the input's. */
export function muiField<TName extends string>({ ref, ...rest }: UseFormRegisterReturn<TName>) {
  return { ...rest, inputRef: ref };
}

/** A controlled number field's text as a number: cleared is NaN (invalid, shown empty again), not 0. */
export const numberFromField = (text: string): number => (text === '' ? Number.NaN : Number(text));

/** What a controlled number field shows for `n`: a cleared one (NaN) stays empty. */
export const fieldFromNumber = (n: number): number | '' => (Number.isNaN(n) ? '' : n);
