import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';

export interface PriceLine {
  label: string;
  value: string;
}

interface PriceSummaryProps {
  lines: PriceLine[];
  /** Null while the inputs cannot be priced. */
  total: number | null;
  testId: string;
}

/** The live price beside a purchase form: its parts, then the total in coins (and dollars in English). */
export function PriceSummary({ lines, total, testId }: PriceSummaryProps) {
  const { t, i18n } = useTranslation();
  return (
    <Box sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover' }} data-testid={testId}>
      <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('dashboard.purchase.price.title')}
      </Typography>
      <Stack spacing={0.75}>
        {lines.map((line) => (
          <Stack key={line.label} direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
            <Typography color="text.secondary" variant="body2">
              {line.label}
            </Typography>
            <Typography variant="body2" sx={{ textAlign: 'right' }}>
              {line.value}
            </Typography>
          </Stack>
        ))}
      </Stack>
      <Divider sx={{ my: 1.5 }} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
        <Typography sx={{ fontWeight: 700 }}>{t('dashboard.purchase.price.total')}</Typography>
        <Typography
          variant="h6"
          component="p"
          color="primary"
          sx={{ fontWeight: 800, textAlign: 'right' }}
          data-testid={`${testId}-total`}
        >
          {total === null ? t('common.none') : formatMoney(total, t, i18n.language)}
        </Typography>
      </Stack>
    </Box>
  );
}
