import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@/components/page-spinner';
import { useBandwidthPrice, type TBandwidthPrice } from '@/lib/catalog/get-bandwidth-price';
import { muiField } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { SectionCard } from '@/components/section-card';
import { useUpdateBandwidth } from '../api/update-bandwidth';

const MAX_PRICE_PER_GB = 100_000_000;
const MAX_GB = 1_000_000;

function isValid({ pricePerGb, maxGb }: TBandwidthPrice): boolean {
  return (
    Number.isInteger(pricePerGb) &&
    pricePerGb >= 0 &&
    pricePerGb <= MAX_PRICE_PER_GB &&
    Number.isInteger(maxGb) &&
    maxGb >= 1 &&
    maxGb <= MAX_GB
  );
}

function Form({ initial }: { initial: TBandwidthPrice }) {
  const { t } = useTranslation();
  const update = useUpdateBandwidth();
  const { register, handleSubmit } = useForm<TBandwidthPrice>({ defaultValues: initial });
  const submit = handleSubmit((values) => {
    if (!isValid(values)) {
      notifyError(t('admin.errors.invalidNumbers'));
      return;
    }
    update.mutate(values, { onSuccess: () => notifySuccess(t('common.updated')) });
  });
  return (
    <Stack
      component="form"
      noValidate
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      onSubmit={(event) => void submit(event)}
    >
      <TextField
        {...muiField(register('pricePerGb', { valueAsNumber: true }))}
        type="number"
        label={t('admin.bandwidth.pricePerGb')}
        slotProps={{ htmlInput: { min: 0, step: 1, 'data-testid': 'bandwidth-price' } }}
      />
      <TextField
        {...muiField(register('maxGb', { valueAsNumber: true }))}
        type="number"
        label={t('admin.bandwidth.maxGb')}
        slotProps={{ htmlInput: { min: 1, step: 1, 'data-testid': 'bandwidth-max' } }}
      />
      <Button type="submit" variant="contained" loading={update.isPending} sx={{ flexShrink: 0 }}>
        {t('common.save')}
      </Button>
    </Stack>
  );
}

/** The price of extra bandwidth for packages, and the most a package may have. */
export function BandwidthForm() {
  const { t } = useTranslation();
  const price = useBandwidthPrice();
  return (
    <SectionCard title={t('admin.bandwidth.title')} testId="admin-bandwidth">
      {price.isPending ? <PageSpinner /> : <Form initial={price.data ?? { pricePerGb: 0, maxGb: 1000 }} />}
    </SectionCard>
  );
}
