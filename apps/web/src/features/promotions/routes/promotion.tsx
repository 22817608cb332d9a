import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { formatDateTime, type TPromotion } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { formatMoney } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { usePromotions, useSavePromotion } from '../api/promotions';
import { PromotionFormDialog } from '../components/promotion-form-dialog';
import { PromotionStatsDialog } from '../components/promotion-stats-dialog';
import { promotionState, type PromotionState } from '../utils/promotion-form';

const LIMIT = 10;
const STATE_COLOR: Record<PromotionState, 'success' | 'info' | 'default' | 'warning'> = {
  running: 'success',
  scheduled: 'info',
  ended: 'default',
  stopped: 'warning',
};

/** /admin/promotion: the site's deposit promotions; one can be on at a time. */
export function AdminPromotionRoute() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = usePromotions({ page, limit: LIMIT });
  const [editing, setEditing] = useState<TPromotion | 'new' | null>(null);
  const [statsOf, setStatsOf] = useState<TPromotion | null>(null);
  const items = list.data?.items ?? [];
  const running = items.find((p) => promotionState(p) === 'running');

  return (
    <>
      <PageHeader
        title={t('promotions.title')}
        actions={
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            onClick={() => setEditing('new')}
            data-testid="promotion-add"
          >
            {t('promotions.add')}
          </Button>
        }
      />
      {list.data && page === 1 && (
        <Alert severity={running ? 'success' : 'info'} sx={{ mb: 2 }} data-testid="promotion-running">
          {running ? `${t('promotions.running')}: ${running.name}` : t('promotions.noneRunning')}
        </Alert>
      )}
      <Stack spacing={1.5}>
        {!list.data && [0, 1].map((k) => <Skeleton key={k} variant="rounded" height={110} />)}
        {list.data && items.length === 0 && <Typography color="text.secondary">{t('promotions.empty')}</Typography>}
        {items.map((p) => (
          <PromotionCard key={p.id} promotion={p} onEdit={() => setEditing(p)} onStats={() => setStatsOf(p)} />
        ))}
      </Stack>
      {(list.data?.totalPage ?? 0) > 1 && (
        <Pagination
          sx={{ mt: 2 }}
          count={list.data?.totalPage ?? 1}
          page={page}
          onChange={(_e, value) => setPage(value)}
        />
      )}
      {editing && (
        <PromotionFormDialog promotion={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {statsOf && <PromotionStatsDialog promotion={statsOf} onClose={() => setStatsOf(null)} />}
    </>
  );
}

function PromotionCard({
  promotion: p,
  onEdit,
  onStats,
}: {
  promotion: TPromotion;
  onEdit: () => void;
  onStats: () => void;
}) {
  const { t, i18n } = useTranslation();
  const save = useSavePromotion();
  const state = promotionState(p);
  const toggle = () =>
    save.mutate(
      { id: p.id, body: { active: !p.active } },
      { onSuccess: () => notifySuccess(t(p.active ? 'promotions.stopped' : 'promotions.started')) },
    );
  return (
    <Card data-testid="promotion-card">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 700, mr: 'auto', wordBreak: 'break-word' }}>
            {p.name}
          </Typography>
          <Chip size="small" color={STATE_COLOR[state]} label={t(`promotions.status.${state}`)} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('promotions.period', {
            from: formatDateTime(p.startsAt),
            to: p.endsAt ? formatDateTime(p.endsAt) : t('promotions.noEnd'),
          })}
        </Typography>
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {p.tiers
            .map((tier) =>
              t('promotions.tierText', {
                amount: formatMoney(tier.minAmount, t, i18n.language),
                percent: tier.percent,
              }),
            )
            .join(' · ')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
          <Button size="small" variant="outlined" onClick={onEdit}>
            {t('common.edit')}
          </Button>
          <Button
            size="small"
            variant="outlined"
            color={p.active ? 'warning' : 'success'}
            onClick={toggle}
            disabled={save.isPending}
            data-testid="promotion-toggle"
          >
            {p.active ? t('promotions.stop') : t('promotions.start')}
          </Button>
          <Button size="small" onClick={onStats} data-testid="promotion-stats-open">
            {t('promotions.stats')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
