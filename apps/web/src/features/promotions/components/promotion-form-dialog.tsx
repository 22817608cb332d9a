import { useState } from 'react';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import type { TPromotion } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSavePromotion } from '../api/promotions';
import { draftOf, requestOf, type PromotionDraft } from '../utils/promotion-form';

type Tier = PromotionDraft['tiers'][number];

/** The tiers, ascending: from which top-up amount which bonus percent applies; one to ten of them. */
function TierFields({ tiers, onChange }: { tiers: Tier[]; onChange: (tiers: Tier[]) => void }) {
  const { t } = useTranslation();
  const setTier = (i: number, patch: Partial<Tier>) =>
    onChange(tiers.map((x, k) => (k === i ? { ...x, ...patch } : x)));
  return (
    <>
      <Typography variant="subtitle2">{t('promotions.tiers')}</Typography>
      {tiers.map((tier, i) => (
        <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            label={t('promotions.tierMin')}
            value={tier.minAmount}
            onChange={(e) => setTier(i, { minAmount: e.target.value.replace(/\D/g, '') })}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `tier-min-${i}` } }}
            sx={{ flex: 2 }}
          />
          <TextField
            label={t('promotions.tierPercent')}
            value={tier.percent}
            onChange={(e) => setTier(i, { percent: e.target.value.replace(/\D/g, '') })}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `tier-percent-${i}` } }}
            sx={{ flex: 1 }}
          />
          <IconButton
            aria-label={t('promotions.removeTier')}
            disabled={tiers.length === 1}
            onClick={() => onChange(tiers.filter((_, k) => k !== i))}
          >
            <DeleteOutline />
          </IconButton>
        </Stack>
      ))}
      <Button
        startIcon={<AddOutlined />}
        disabled={tiers.length >= 10}
        onClick={() => onChange([...tiers, { minAmount: '', percent: '' }])}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('promotions.addTier')}
      </Button>
    </>
  );
}

/** Creating a promotion, or editing one: name, start and end, on/off, and its ascending tiers. */
export function PromotionFormDialog({ promotion, onClose }: { promotion: TPromotion | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSavePromotion();
  const [draft, setDraft] = useState<PromotionDraft>(() => draftOf(promotion));
  const set = (patch: Partial<PromotionDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = () => {
    const r = requestOf(draft);
    if ('problem' in r) {
      notifyError(t(`promotions.errors.${r.problem}`));
      return;
    }
    save.mutate(
      { id: promotion?.id, body: r.body },
      {
        onSuccess: () => {
          notifySuccess(t('promotions.saved'));
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      title={promotion ? t('promotions.edit') : t('promotions.add')}
      testId="promotion-dialog"
      maxWidth="sm"
      submitLabel={t('common.save')}
      submitTestId="promotion-save"
      loading={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={t('promotions.name')}
          value={draft.name}
          onChange={(e) => set({ name: e.target.value })}
          slotProps={{ htmlInput: { 'data-testid': 'promotion-name', maxLength: 120 } }}
          autoFocus
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={t('promotions.startsAt')}
            type="datetime-local"
            value={draft.startsAt}
            onChange={(e) => set({ startsAt: e.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'promotion-starts' } }}
            fullWidth
          />
          <TextField
            label={t('promotions.endsAt')}
            type="datetime-local"
            value={draft.endsAt}
            onChange={(e) => set({ endsAt: e.target.value })}
            helperText={t('promotions.endsHelp')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'promotion-ends' } }}
            fullWidth
          />
        </Stack>
        <TierFields tiers={draft.tiers} onChange={(tiers) => set({ tiers })} />
        <FormControlLabel
          control={
            <Switch
              checked={draft.active}
              onChange={(e) => set({ active: e.target.checked })}
              slotProps={{ input: { 'aria-label': t('promotions.activeLabel') } }}
            />
          }
          label={t('promotions.activeLabel')}
        />
      </Stack>
    </FormDialog>
  );
}
