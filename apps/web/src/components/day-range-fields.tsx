import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { lastDays, type DayRange } from '@/lib/day-range';

const PRESETS = [7, 30, 90];

/**
 * The two dates of an admin figures page and the 7/30/90-day presets (admin texts only: the
 * pages that show it load them). `testIdPrefix` names the inputs `<prefix>-from` and `<prefix>-to`;
 * the presets end on today in `timeZone`, the zone the page's figures are counted in.
 */
export function DayRangeFields({
  range,
  onChange,
  valid,
  testIdPrefix,
  timeZone = 'UTC',
}: {
  range: DayRange;
  onChange: (next: (range: DayRange) => DayRange) => void;
  valid: boolean;
  testIdPrefix: string;
  timeZone?: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
      <TextField
        type="date"
        size="small"
        label={t('analytics.from')}
        value={range.from}
        onChange={(e) => e.target.value && onChange((r) => ({ ...r, from: e.target.value }))}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `${testIdPrefix}-from` } }}
        error={!valid}
      />
      <TextField
        type="date"
        size="small"
        label={t('analytics.to')}
        value={range.to}
        onChange={(e) => e.target.value && onChange((r) => ({ ...r, to: e.target.value }))}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `${testIdPrefix}-to` } }}
        error={!valid}
      />
      <ButtonGroup
        size="small"
        sx={{
          flexShrink: 0,
          alignSelf: { xs: 'flex-start', sm: 'center' },
          '& .MuiButton-root': { whiteSpace: 'nowrap' },
        }}
      >
        {PRESETS.map((n) => (
          <Button key={n} onClick={() => onChange(() => lastDays(n, Date.now(), timeZone))}>
            {t('analytics.lastDays', { count: n })}
          </Button>
        ))}
      </ButtonGroup>
    </Stack>
  );
}
