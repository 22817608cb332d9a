import Box from '@mui/material/Box';
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
import { formatNumber } from '@/lib/format';
import type { TSupplierRow } from '../api/suppliers';
import { formatSupplierBalance } from '../utils/supplier-format';
import { StockChips } from './stock-chips';
import { SupplierStatusChip } from './supplier-status-chip';

/** The supplier's latest events, newest first: errors, purchases, replacements. */
function SupplierEvents({ events }: { events: TSupplierRow['events'] }) {
  const { t } = useTranslation();
  return (
    <div>
      <Typography variant="subtitle2">{t('suppliers.details.events')}</Typography>
      {events.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('suppliers.details.noEvents')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {events.map((e, i) => (
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
  );
}

/** Everything about one supplier the grid cannot fit: its whole stock and its latest events (errors, purchases, replacements). */
export function SupplierDetailsDialog({ supplier, onClose }: { supplier: TSupplierRow; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const facts = [
    {
      key: 'balance',
      label: t('suppliers.columns.balance'),
      value: formatSupplierBalance(supplier.balance, supplier.currency, i18n.language) ?? t('common.none'),
    },
    { key: 'proxies', label: t('suppliers.columns.proxies'), value: formatNumber(supplier.proxies) },
    { key: 'unused', label: t('suppliers.columns.unused'), value: formatNumber(supplier.unused) },
    { key: 'spend', label: t('suppliers.columns.spend'), value: formatNumber(supplier.spend) },
    {
      key: 'lastSync',
      label: t('suppliers.columns.lastSync'),
      value: supplier.lastSyncAt ? formatDateTime(supplier.lastSyncAt) : t('suppliers.never'),
    },
  ];
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
          {/* Label and value side by side, as many pairs a row as fit (one on a phone). */}
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', sm: 'repeat(2, minmax(0, 1fr) auto)' },
              columnGap: 2,
              rowGap: 0.5,
            }}
            data-testid="supplier-facts"
          >
            {facts.map((f) => (
              <Box key={f.key} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {f.label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', fontWeight: 600 }}>
                  {f.value}
                </Typography>
              </Box>
            ))}
          </Box>
          <Typography variant="body2" data-testid="supplier-renew-ahead">
            {t('suppliers.details.renewAhead', { hours: t('suppliers.hours', { count: supplier.safetyMarginHours }) })}
          </Typography>
          <div>
            <Typography variant="subtitle2" gutterBottom>
              {t('suppliers.details.stock')}
            </Typography>
            <StockChips stock={supplier.stock} />
          </div>
          <SupplierEvents events={supplier.events} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
