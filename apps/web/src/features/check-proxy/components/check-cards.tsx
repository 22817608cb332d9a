import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '@/components/data-grid';
import { usePaging } from '@/hooks/use-paging';
import { checkErrorKind, type CheckResult } from '../utils/check-result';

/** Live or dead, as the table's status column and the phone cards show it. */
export function CheckVerdict({ live }: { live: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={live ? 'success' : 'error'}
      label={live ? t('tools.checkProxy.live') : t('tools.checkProxy.dead')}
      data-testid="check-status"
    />
  );
}

/** One result as a phone reads it: the line, its verdict, and the facts under it (no sideways scroll). */
function CheckCard({ row }: { row: CheckResult }) {
  const { t } = useTranslation();
  const kind = checkErrorKind(row.error);
  const facts = [
    `${t('tools.checkProxy.checkedOver')}: ${row.protocol ? t(`common.protocol.${row.protocol}`) : t('common.none')}`,
    `${t('tools.checkProxy.latency')}: ${row.latencyMs === null ? t('common.none') : `${row.latencyMs} ms`}`,
    `${t('tools.checkProxy.exitIp')}: ${row.exitIp ?? t('common.none')}`,
  ];
  return (
    <Card variant="outlined" data-testid="check-card" sx={{ p: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Box sx={{ fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere', minWidth: 0 }}>{row.line}</Box>
        <CheckVerdict live={row.live} />
      </Stack>
      {facts.map((fact) => (
        <Typography key={fact} variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {fact}
        </Typography>
      ))}
      {kind && (
        <Typography variant="body2" color="error.main" sx={{ overflowWrap: 'anywhere' }} data-testid="check-error">
          {t(`tools.checkProxy.errors.${kind}`, { detail: row.error })}
        </Typography>
      )}
    </Card>
  );
}

/** The results on a phone: cards, 25 a page like the grid. */
export function CheckCards({ rows }: { rows: (CheckResult & { id: number })[] }) {
  const { t } = useTranslation();
  const paging = usePaging();
  const start = paging.model.page * paging.model.pageSize;
  const page = rows.slice(start, start + paging.model.pageSize);
  return (
    <Box data-testid="check-results" data-view="cards">
      {rows.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
          {t('common.noRows')}
        </Typography>
      )}
      <Stack spacing={1}>
        {page.map((row) => (
          <CheckCard key={row.id} row={row} />
        ))}
      </Stack>
      {rows.length > 0 && <ListPagination total={rows.length} paging={paging} />}
    </Box>
  );
}
