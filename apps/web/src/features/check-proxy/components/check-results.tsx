import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ContentCopy from '@mui/icons-material/ContentCopy';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { copyWithToast } from '@/components/copy-button';
import { AppDataGrid } from '@/components/data-grid';
import { checkErrorKind, countResults, type CheckResult } from '../utils/check-result';
import { CheckCards, CheckVerdict } from './check-cards';

type Row = CheckResult & { id: number };
type Show = 'all' | 'live' | 'dead';

function useColumns(): GridColDef<Row>[] {
  const { t } = useTranslation();
  return [
    {
      field: 'line',
      headerName: t('tools.checkProxy.proxy'),
      minWidth: 220,
      flex: 1,
      renderCell: ({ row }) => <span style={{ fontFamily: 'monospace' }}>{row.line}</span>,
    },
    {
      field: 'live',
      headerName: t('common.status'),
      minWidth: 110,
      renderCell: ({ row }) => <CheckVerdict live={row.live} />,
    },
    {
      field: 'protocol',
      // The protocol the check spoke, not a guess at the proxy's kind: a port may accept both.
      headerName: t('tools.checkProxy.checkedOver'),
      minWidth: 130,
      valueGetter: (_v, row) => (row.protocol ? t(`common.protocol.${row.protocol}`) : t('common.none')),
    },
    {
      field: 'latencyMs',
      headerName: t('tools.checkProxy.latency'),
      minWidth: 110,
      type: 'number',
      valueGetter: (_v, row) => row.latencyMs,
      valueFormatter: (value: number | null) => (value === null ? t('common.none') : `${value} ms`),
    },
    {
      field: 'exitIp',
      headerName: t('tools.checkProxy.exitIp'),
      minWidth: 150,
      valueGetter: (_v, row) => row.exitIp ?? t('common.none'),
    },
    {
      field: 'error',
      headerName: t('tools.checkProxy.error'),
      minWidth: 240,
      flex: 1,
      valueGetter: (_v, row) => {
        const kind = checkErrorKind(row.error);
        return kind ? t(`tools.checkProxy.errors.${kind}`, { detail: row.error }) : '';
      },
    },
  ];
}

/** The results so far: live/dead filter, copy the live lines, and the table. */
export function CheckResults({ results }: { results: CheckResult[] }) {
  const { t } = useTranslation();
  const [show, setShow] = useState<Show>('all');
  const columns = useColumns();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const counts = countResults(results);
  const rows: Row[] = results
    .map((r, i) => ({ ...r, id: i }))
    .filter((r) => show === 'all' || (show === 'live') === r.live);
  const liveText = results
    .filter((r) => r.live)
    .map((r) => r.line)
    .join('\n');

  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={show}
          onChange={(_, value: Show | null) => value && setShow(value)}
        >
          <ToggleButton value="all">{t('tools.checkProxy.showAll', { count: counts.done })}</ToggleButton>
          <ToggleButton value="live" data-testid="check-show-live">
            {t('tools.checkProxy.showLive', { count: counts.live })}
          </ToggleButton>
          <ToggleButton value="dead">{t('tools.checkProxy.showDead', { count: counts.dead })}</ToggleButton>
        </ToggleButtonGroup>
        <Button
          variant="outlined"
          size="small"
          startIcon={<ContentCopy />}
          disabled={counts.live === 0}
          onClick={() => void copyWithToast(liveText, { copied: t('common.copied'), failed: t('common.copyFailed') })}
          data-testid="check-copy-live"
        >
          {t('tools.checkProxy.copyLive')}
        </Button>
      </Stack>
      {phone ? (
        // Keyed by the filter: a new filter starts from the first page.
        <CheckCards key={show} rows={rows} />
      ) : (
        <AppDataGrid
          testId="check-results"
          rows={rows}
          columns={columns}
          initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
        />
      )}
    </Stack>
  );
}
