import Alert from '@mui/material/Alert';
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
import { formatDateTime, type TOrder } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@/components/page-spinner';
import { formatMoney } from '@/lib/format';
import { orderLogNote } from '@/lib/note-text';
import { useOrderHistory } from '../api/get-order-history';

/** seed-spec §2 "Order management": the operation history (action, result, note, amount, date). */
export function HistoryDialog({ order, onClose }: { order: TOrder; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const history = useOrderHistory(order.id);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="history-dialog">
      <DialogTitle>{t('orders.history.title', { code: order.code })}</DialogTitle>
      <DialogContent sx={{ px: { xs: 1, sm: 3 } }}>
        {history.isPending ? (
          <PageSpinner />
        ) : !history.data?.length ? (
          <Alert severity="info">{t('orders.history.empty')}</Alert>
        ) : (
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
                {history.data.map((log, i) => (
                  <TableRow key={`${log.createdAt}-${i}`} data-testid="history-row" data-action={log.action}>
                    <TableCell>{t(`orders.history.actions.${log.action}`)}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        variant="outlined"
                        color={log.result === 'success' ? 'success' : 'error'}
                        label={t(`orders.history.results.${log.result}`)}
                      />
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
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
