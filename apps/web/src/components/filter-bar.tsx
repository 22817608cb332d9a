import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import { SearchField } from './search-field';

/** The width a select filter takes in the bar: the row's on a phone, its own beside the search. */
export function filterWidth(md: number) {
  return { width: { xs: '100%', md }, flexShrink: 0 };
}

/**
 * An admin list's filter row: the search box, then the filters (`children`, e.g. ChoiceFilter with
 * `filterWidth`), one under the other on a phone.
 */
export function FilterBar({
  search,
  children,
}: {
  search: { placeholder: string; value: string; onChange: (text: string) => void; testId: string };
  children: ReactNode;
}) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { md: 'center' } }}>
      <SearchField size="small" {...search} sx={{ flexGrow: 1, maxWidth: { md: 340 } }} />
      {children}
    </Stack>
  );
}
