import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { formatDateTime, type TOrder, type TOrderLog } from '@proxy/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@/components/page-spinner';
import { formatMoney } from '@/lib/format';
import { orderLogNote } from '@/lib/note-text';
import { useOrderHistory } from '../api/get-order-history';

function ResultChip({ log, t }: { log: TOrderLog; t: TFunction }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={log.result === 'success' ? 'success' : 'error'}
      label={t(`orders.history.results.${log.result}`)}
    />
  );
}

function HistoryTable({ logs }: { logs: TOrderLog[] }) {
  const { t, i18n } = useTranslation();
  return (
    <TableContainer>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('orders.history.action')}</TableCell>
            <TableCell>{t('orders.history.result')}</TableCell>
            <TableCell>{t('common.note')}</TableCell>
            <TableCell align="right">{t('common.amount')}</TableCell>
            <TableCell>{t('common.date')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {logs.map((log, i) => (
            <TableRow key={`${log.createdAt}-${i}`} data-testid="history-row" data-action={log.action}>
              <TableCell>{t(`orders.history.actions.${log.action}`)}</TableCell>
              <TableCell>
                <ResultChip log={log} t={t} />
              </TableCell>
              <TableCell data-testid="history-note">
                {orderLogNote(log, t, i18n.language) || t('common.none')}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid="history-amount">
                {formatMoney(log.amount, t, i18n.language)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(log.createdAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** On a phone the five columns do not fit: one block per entry, the note on its own line. */
function HistoryList({ logs }: { logs: TOrderLog[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {logs.map((log, i) => (
        <Box
          component="li"
          key={`${log.createdAt}-${i}`}
          data-testid="history-row"
          data-action={log.action}
          sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider' }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="body2" fontWeight={600}>
              {t(`orders.history.actions.${log.action}`)}
            </Typography>
            <ResultChip log={log} t={t} />
          </Box>
          <Typography variant="body2" data-testid="history-note" sx={{ mt: 0.5 }}>
            {orderLogNote(log, t, i18n.language) || t('common.none')}
          </Typography>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 0.5, color: 'text.secondary' }}>
            <Typography variant="caption">{formatDateTime(log.createdAt)}</Typography>
            <Typography variant="caption" data-testid="history-amount">
              {formatMoney(log.amount, t, i18n.language)}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** docs/screens.md#order-management: the operation history (action, result, note, amount, date). */
export function HistoryDialog({ order, onClose }: { order: TOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const history = useOrderHistory(order.id);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="history-dialog">
      <DialogTitle>{t('orders.history.title', { code: order.code })}</DialogTitle>
      <DialogContent sx={{ px: { xs: 2, sm: 3 } }}>
        {history.isPending ? (
          <PageSpinner />
        ) : !history.data?.length ? (
          <Alert severity="info">{t('orders.history.empty')}</Alert>
        ) : phone ? (
          <HistoryList logs={history.data} />
        ) : (
          <HistoryTable logs={history.data} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
