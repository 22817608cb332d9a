import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { NOTIFY_EVENTS, type TNotifyEvent, type TNotifySettings } from '@proxy/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@/lib/notify';
import { useSaveNotifySettings } from '../../api/notifications';
import { eventLabel } from './event-labels';
import { TelegramRow } from './telegram-row';

const LEAD_CHOICES = [1, 2, 3, 5, 7, 14, 30];
const MAX_LEADS = 5;

/** The days before an expiry on which a reminder goes out (up to MAX_LEADS of them). */
function LeadDayChoices({ chosen, onToggle }: { chosen: number[]; onToggle: (day: number) => void }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">{t('notifications.alerts.leadDays')}</Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="alerts-lead-days">
        {LEAD_CHOICES.map((d) => (
          <Chip
            key={d}
            label={d}
            color={chosen.includes(d) ? 'primary' : 'default'}
            variant={chosen.includes(d) ? 'filled' : 'outlined'}
            onClick={() => onToggle(d)}
            aria-pressed={chosen.includes(d)}
          />
        ))}
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {t('notifications.alerts.leadDaysHint')}
      </Typography>
    </Stack>
  );
}

/** The events that send an alert. */
function EventChoices({ chosen, onToggle }: { chosen: TNotifyEvent[]; onToggle: (event: TNotifyEvent) => void }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={0.5}>
      <Typography variant="subtitle2">{t('notifications.alerts.events')}</Typography>
      <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {NOTIFY_EVENTS.map((e) => (
          <FormControlLabel
            key={e}
            label={eventLabel(t, e)}
            control={<Checkbox checked={chosen.includes(e)} onChange={() => onToggle(e)} />}
          />
        ))}
      </FormGroup>
    </Stack>
  );
}

/** docs/guide.md#alerts-and-webhooks: which alerts go where, lead days, low-balance threshold, language. */
export function AlertsCard({ settings }: { settings: TNotifySettings }) {
  const { t } = useTranslation();
  const save = useSaveNotifySettings();
  const [email, setEmail] = useState(settings.email);
  const [leadDays, setLeadDays] = useState(settings.leadDays);
  const [lowBalance, setLowBalance] = useState(settings.lowBalance === null ? '' : String(settings.lowBalance));
  const [events, setEvents] = useState<TNotifyEvent[]>(settings.events);
  const [language, setLanguage] = useState(settings.language);
  const low = lowBalance.trim() === '' ? null : Number(lowBalance.replace(/\./g, ''));
  const lowInvalid = low !== null && (!Number.isInteger(low) || low < 0);

  const toggleLead = (d: number) =>
    setLeadDays((cur) =>
      cur.includes(d) ? cur.filter((x) => x !== d) : cur.length < MAX_LEADS ? [...cur, d].sort((a, b) => b - a) : cur,
    );
  const toggleEvent = (e: TNotifyEvent) =>
    setEvents((cur) => (cur.includes(e) ? cur.filter((x) => x !== e) : [...cur, e]));

  return (
    <Card data-testid="alerts-card">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
          {t('notifications.alerts.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('notifications.alerts.description')}
        </Typography>
        <Stack spacing={2.5}>
          <Stack spacing={1}>
            <Typography variant="subtitle2">{t('notifications.alerts.channels')}</Typography>
            <FormControlLabel
              label={t('notifications.alerts.email')}
              control={<Switch checked={email} onChange={(_e, v) => setEmail(v)} data-testid="alerts-email" />}
            />
            <TelegramRow settings={settings} />
          </Stack>
          <LeadDayChoices chosen={leadDays} onToggle={toggleLead} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('notifications.alerts.lowBalance')}
              value={lowBalance}
              onChange={(e) => setLowBalance(e.target.value)}
              error={lowInvalid}
              helperText={t('notifications.alerts.lowBalanceHint')}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'alerts-low-balance' } }}
              sx={{ flex: 1 }}
            />
            <TextField
              select
              label={t('notifications.alerts.language')}
              value={language}
              onChange={(e) => setLanguage(e.target.value as 'vi' | 'en')}
              sx={{ width: { xs: '100%', sm: 220 } }}
            >
              <MenuItem value="vi">Tiếng Việt</MenuItem>
              <MenuItem value="en">English</MenuItem>
            </TextField>
          </Stack>
          <EventChoices chosen={events} onToggle={toggleEvent} />
          <Stack direction="row">
            <Button
              variant="contained"
              disabled={save.isPending || lowInvalid || leadDays.length === 0}
              data-testid="alerts-save"
              onClick={() =>
                save.mutate(
                  { email, leadDays, lowBalance: low, events, language },
                  { onSuccess: () => notifySuccess(t('notifications.alerts.saved')) },
                )
              }
            >
              {t('notifications.alerts.save')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
