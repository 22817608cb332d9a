import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '@/components/data-grid';
import type { Paging } from '@/hooks/use-paging';

/** Below the `sm` breakpoint lists show cards instead of grids, which would scroll sideways there. */
export function usePhone(): boolean {
  return useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
}

/** One row as a card: what matters most at the top (left and right), then labelled facts. */
export function RowCard({
  title,
  aside,
  facts,
  testId,
}: {
  title: ReactNode;
  aside?: ReactNode;
  facts: { label: string; value: ReactNode }[];
  testId: string;
}) {
  return (
    <Card variant="outlined" data-testid={testId} sx={{ p: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Box sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>{title}</Box>
        {aside && <Box sx={{ flexShrink: 0, textAlign: 'right' }}>{aside}</Box>}
      </Stack>
      <Box component="dl" sx={{ m: 0, mt: 0.5, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5 }}>
        {facts.map((f) => (
          <Box key={f.label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {f.label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
              {f.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Card>
  );
}

/** A server-paged list as cards, with the same pager as the grids (a phone's list). */
export function PagedCardList<R extends { id: string }>({
  testId,
  list,
  paging,
  card,
}: {
  testId: string;
  list: { data?: { items: R[]; total: number }; isFetching: boolean };
  paging: Paging;
  card: (row: R) => ReactNode;
}) {
  const { t } = useTranslation();
  const rows = list.data?.items ?? [];
  return (
    <Box data-testid={testId} data-view="cards">
      {list.isFetching && <LinearProgress sx={{ mb: 1 }} />}
      {rows.length === 0 && !list.isFetching && (
        <Typography variant="body2" color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
          {t('common.noRows')}
        </Typography>
      )}
      <Stack spacing={1.5}>
        {rows.map((row) => (
          <Box key={row.id}>{card(row)}</Box>
        ))}
      </Stack>
      <ListPagination total={list.data?.total ?? 0} paging={paging} />
    </Box>
  );
}
