import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import type { TSupplierRow } from '../api/suppliers';
import { StockChips } from './stock-chips';
import { SupplierStatusChip } from './supplier-status-chip';

/** Everything about one supplier the grid cannot fit: its whole stock and its latest events (errors, purchases, replacements). */
export function SupplierDetailsDialog({ supplier, onClose }: { supplier: TSupplierRow; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="supplier-details">
      <DialogTitle>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <span style={{ overflowWrap: 'anywhere' }}>{supplier.name}</span>
          <SupplierStatusChip status={supplier.status} />
        </Stack>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <div>
            <Typography variant="subtitle2" gutterBottom>
              {t('suppliers.details.stock')}
            </Typography>
            <StockChips stock={supplier.stock} />
          </div>
          <div>
            <Typography variant="subtitle2">{t('suppliers.details.events')}</Typography>
            {supplier.events.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('suppliers.details.noEvents')}
              </Typography>
            ) : (
              <List dense disablePadding>
                {supplier.events.map((e, i) => (
                  <ListItem key={`${e.at}-${i}`} disableGutters data-testid="supplier-event" data-kind={e.kind}>
                    <ListItemText
                      primary={`${t(`suppliers.details.event.${e.kind}`)}${e.message ? `: ${e.message}` : ''}`}
                      secondary={formatDateTime(e.at)}
                      slotProps={{
                        primary: {
                          color: e.kind === 'error' || e.kind === 'prolong_refused' ? 'error' : undefined,
                          sx: { overflowWrap: 'anywhere' },
                        },
                      }}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </div>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
