import { useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { AGENCY_STATS_MAX_DAYS, DEFAULT_TIME_ZONE } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { lastDays } from '@/lib/day-range';
import { formatBalance, formatNumber } from '@/lib/format';
import { useSiteInfo } from '@/lib/site-info';
import { useAgencyDailyStats, useAgencyTotals } from '../api/get-stats';
import { StatsChart } from './stats-chart';

const DAY_MS = 86_400_000;

function validRange(r: { from: string; to: string }): boolean {
  const from = Date.parse(`${r.from}T00:00:00Z`);
  const to = Date.parse(`${r.to}T00:00:00Z`);
  return !Number.isNaN(from) && !Number.isNaN(to) && to >= from && (to - from) / DAY_MS < AGENCY_STATS_MAX_DAYS;
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 700 }} data-testid={testId} noWrap>
        {value}
      </Typography>
    </Box>
  );
}

/** The agency's totals since it started: members, deposits, commission, and what was transferred out. */
function Totals() {
  const { t } = useTranslation();
  const s = useAgencyTotals(true).data;
  return (
    <Box sx={{ display: 'grid', gap: 1.5, mb: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
      <Figure
        label={t('agency.stats.members')}
        value={s ? formatNumber(s.members) : '…'}
        testId="agency-total-members"
      />
      <Figure
        label={t('agency.stats.totalDeposit')}
        value={s ? formatBalance(s.totalDeposit, t) : '…'}
        testId="agency-total-deposit"
      />
      <Figure
        label={t('agency.stats.totalCommission')}
        value={s ? formatBalance(s.totalCommission, t) : '…'}
        testId="agency-total-commission"
      />
      <Figure
        label={t('agency.stats.transferred')}
        value={s ? formatBalance(s.balanceTransferred, t) : '…'}
        testId="agency-total-transferred"
      />
    </Box>
  );
}

/** Totals, and members, deposits and commission per day for a chosen range. */
export function StatsCard() {
  const { t } = useTranslation();
  const [preset, setPreset] = useState<number | null>(30);
  // The server counts the agency's days in the site's time zone: the presets end on its today.
  const timeZone = useSiteInfo().timeZone ?? DEFAULT_TIME_ZONE;
  const [range, setRange] = useState(() => lastDays(30, Date.now(), timeZone));
  const daily = useAgencyDailyStats(range, validRange(range));
  const pick = (n: number | null) => {
    if (n !== null) {
      setPreset(n);
      setRange(lastDays(n, Date.now(), timeZone));
    }
  };
  const edit = (part: 'from' | 'to', value: string) => {
    setPreset(null);
    setRange((r) => ({ ...r, [part]: value }));
  };
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          {t('agency.stats.title')}
        </Typography>
        <Totals />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 1, alignItems: { sm: 'center' } }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={preset}
            onChange={(_e, v: number | null) => pick(v)}
            aria-label={t('agency.stats.range')}
          >
            <ToggleButton value={7}>{t('agency.stats.last7')}</ToggleButton>
            <ToggleButton value={30}>{t('agency.stats.last30')}</ToggleButton>
            <ToggleButton value={90}>{t('agency.stats.last90')}</ToggleButton>
          </ToggleButtonGroup>
          <Stack direction="row" spacing={1.5}>
            <TextField
              type="date"
              size="small"
              label={t('agency.stats.from')}
              value={range.from}
              onChange={(e) => edit('from', e.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'agency-stats-from' } }}
            />
            <TextField
              type="date"
              size="small"
              label={t('agency.stats.to')}
              value={range.to}
              onChange={(e) => edit('to', e.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'agency-stats-to' } }}
            />
          </Stack>
        </Stack>
        {daily.data && <StatsChart days={daily.data.days} />}
      </CardContent>
    </Card>
  );
}
