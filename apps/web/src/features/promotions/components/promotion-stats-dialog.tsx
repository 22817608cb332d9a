import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TPromotion } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { formatBalance } from '@/lib/format';
import { usePromotionStats } from '../api/promotions';

/** One promotion's figures: bonus coins, top-ups and customers, in all and per tier. */
export function PromotionStatsDialog({ promotion, onClose }: { promotion: TPromotion; onClose: () => void }) {
  const { t } = useTranslation();
  const stats = usePromotionStats(promotion.id);
  const s = stats.data;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="promotion-stats">
      <DialogTitle>{t('promotions.statsTitle', { name: promotion.name })}</DialogTitle>
      <DialogContent>
        {!s ? (
          <Skeleton height={120} />
        ) : (
          <>
            <Stack direction="row" spacing={3} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
              <Figure label={t('promotions.bonusCoins')} value={formatBalance(s.bonusCoins, t)} testId="stats-bonus" />
              <Figure label={t('promotions.topups')} value={String(s.topups)} />
              <Figure label={t('promotions.users')} value={String(s.users)} />
            </Stack>
            {s.byTier.length === 0 ? (
              <Typography color="text.secondary">{t('promotions.noGrants')}</Typography>
            ) : (
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('promotions.tier')}</TableCell>
                    <TableCell align="right">{t('promotions.topups')}</TableCell>
                    <TableCell align="right">{t('promotions.users')}</TableCell>
                    <TableCell align="right">{t('promotions.bonusCoins')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {s.byTier.map((r) => (
                    <TableRow key={`${r.minAmount}-${r.percent}`}>
                      <TableCell>
                        ≥ {formatBalance(r.minAmount, t)} · {r.percent}%
                      </TableCell>
                      <TableCell align="right">{r.topups}</TableCell>
                      <TableCell align="right">{r.users}</TableCell>
                      <TableCell align="right">{formatBalance(r.bonusCoins, t)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" sx={{ fontWeight: 700 }} data-testid={testId}>
        {value}
      </Typography>
    </div>
  );
}
