import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TProxy } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@/components/page-spinner';
import { proxyAddress } from '@/lib/proxy-lines';
import { useCheckProxies } from '../api/check-proxies';
import type { ProxyType } from '../api/list-proxies';

type CheckResult = NonNullable<ReturnType<typeof useCheckProxies>['data']>[number];

/** One row per proxy checked: live or dead, latency and the exit address seen. */
function CheckTable({ results, byId }: { results: CheckResult[]; byId: ReadonlyMap<string, TProxy> }) {
  const { t } = useTranslation();
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('proxies.check.proxy')}</TableCell>
            <TableCell>{t('common.status')}</TableCell>
            <TableCell align="right">{t('proxies.check.latency')}</TableCell>
            <TableCell>{t('proxies.check.egressIp')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {results.map((r) => {
            const p = byId.get(r.id);
            return (
              <TableRow key={r.id} data-testid="check-row">
                <TableCell sx={{ fontFamily: 'monospace' }}>{p ? proxyAddress(p) : r.id}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={r.live ? 'success' : 'error'}
                    label={r.live ? t('proxies.check.live') : t('proxies.check.dead')}
                  />
                </TableCell>
                <TableCell align="right">{r.latencyMs === null ? t('common.none') : `${r.latencyMs} ms`}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{r.egressIp ?? t('common.none')}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The chosen proxies checked from the server: live or dead, latency and the exit address seen. */
export function CheckResultsDialog({
  type,
  proxies,
  onClose,
}: {
  type: ProxyType;
  proxies: TProxy[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const check = useCheckProxies(
    type,
    proxies.map((p) => p.id),
  );
  const byId = new Map(proxies.map((p) => [p.id, p]));
  const live = check.data?.filter((r) => r.live).length ?? 0;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="check-results-dialog">
      <DialogTitle>{t('proxies.check.title', { count: proxies.length })}</DialogTitle>
      <DialogContent>
        {check.isPending ? (
          <Stack spacing={1} sx={{ alignItems: 'center', py: 2 }}>
            <PageSpinner />
            <Typography color="text.secondary">{t('proxies.check.running')}</Typography>
          </Stack>
        ) : !check.data ? (
          <Alert severity="error">{t('proxies.check.failed')}</Alert>
        ) : (
          <Stack spacing={1.5}>
            <Typography data-testid="check-summary">
              {t('proxies.check.summary', { live, dead: check.data.length - live })}
            </Typography>
            <CheckTable results={check.data} byId={byId} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={() => void check.refetch()} disabled={check.isFetching}>
          {t('proxies.check.again')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
