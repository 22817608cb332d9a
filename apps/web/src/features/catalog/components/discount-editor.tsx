import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import type { DiscountTier, Product } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@/components/page-spinner';
import { useDiscountTiers } from '@/lib/catalog/get-discount-tiers';
import { notifyError, notifySuccess } from '@/lib/notify';
import { fieldFromNumber, numberFromField } from '@/lib/form';
import { SectionCard } from '@/components/section-card';
import { useUpdateDiscount } from '../api/update-discount';
import { discountTiersProblem, MAX_DISCOUNT_TIERS, sortTiers } from '../utils/discount-tiers';

function TiersForm({ product, initial }: { product: Product; initial: DiscountTier[] }) {
  const { t } = useTranslation();
  const update = useUpdateDiscount();
  const [tiers, setTiers] = useState<DiscountTier[]>(sortTiers(initial));
  const change = (index: number, patch: Partial<DiscountTier>) =>
    setTiers((list) => list.map((tier, i) => (i === index ? { ...tier, ...patch } : tier)));

  const save = () => {
    const problem = discountTiersProblem(tiers);
    if (problem) {
      notifyError(t(`admin.discount.errors.${problem}`, { max: MAX_DISCOUNT_TIERS }));
      return;
    }
    update.mutate(
      { product, tiers: sortTiers(tiers) },
      {
        onSuccess: (saved) => {
          setTiers(sortTiers(saved));
          notifySuccess(t('common.updated'));
        },
      },
    );
  };

  return (
    <Stack spacing={1.5}>
      {tiers.length === 0 && <Alert severity="info">{t('admin.discount.empty')}</Alert>}
      {tiers.map((tier, i) => (
        <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="discount-tier">
          <TextField
            type="number"
            label={t('admin.discount.minQuantity')}
            value={fieldFromNumber(tier.minQuantity)}
            onChange={(event) => change(i, { minQuantity: numberFromField(event.target.value) })}
            slotProps={{ htmlInput: { min: 1, step: 1 } }}
          />
          <TextField
            type="number"
            label={t('admin.discount.percent')}
            value={fieldFromNumber(tier.percent)}
            onChange={(event) => change(i, { percent: numberFromField(event.target.value) })}
            slotProps={{ htmlInput: { min: 0, max: 90, step: 0.5 } }}
          />
          <IconButton
            aria-label={t('common.delete')}
            onClick={() => setTiers((list) => list.filter((_, j) => j !== i))}
          >
            <DeleteOutline />
          </IconButton>
        </Stack>
      ))}
      <Stack direction="row" spacing={1}>
        <Button
          startIcon={<AddOutlined />}
          disabled={tiers.length >= MAX_DISCOUNT_TIERS}
          onClick={() => setTiers((list) => [...list, { minQuantity: Number.NaN, percent: Number.NaN }])}
          data-testid="discount-add"
        >
          {t('admin.discount.add')}
        </Button>
        <Button variant="contained" onClick={save} loading={update.isPending} data-testid="discount-save">
          {t('common.save')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** The quantity discount tiers of a product (the best tier reached applies). */
export function DiscountEditor({ product }: { product: Product }) {
  const { t } = useTranslation();
  const tiers = useDiscountTiers(product);
  return (
    <SectionCard title={t('admin.discount.title')} testId="admin-discount">
      {tiers.data ? <TiersForm product={product} initial={tiers.data} /> : tiers.isError ? null : <PageSpinner />}
    </SectionCard>
  );
}
