import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TMaintenance } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@/lib/notify';
import { useSaveMaintenance } from '@/lib/maintenance';

/** An ISO time as the value of a datetime-local input (the browser's time zone), and back. */
function toLocalInput(iso: string | null): string {
  if (!iso) {
    return '';
  }
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
function fromLocalInput(v: string): string | null {
  if (!v) {
    return null;
  }
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** docs/screens.md#maintenance: the notice (vi and en), its optional end, and the switch. */
export function MaintenanceForm({ maintenance }: { maintenance: TMaintenance }) {
  const { t } = useTranslation();
  const save = useSaveMaintenance();
  const [m, setM] = useState(maintenance);
  return (
    <Stack spacing={2} data-testid="maintenance-form">
      <Typography variant="body2" color="text.secondary">
        {t('content.admin.maintenanceHelp')}
      </Typography>
      {maintenance.enabled && <Alert severity="warning">{t('content.admin.maintenanceOn')}</Alert>}
      <FormControlLabel
        control={
          <Switch
            checked={m.enabled}
            onChange={(e) => setM({ ...m, enabled: e.target.checked })}
            slotProps={{ input: { 'data-testid': 'maintenance-enabled' } as object }}
          />
        }
        label={t('content.admin.maintenanceEnabled')}
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            fullWidth
            multiline
            minRows={2}
            label={t('content.admin.messageVi')}
            value={m.message}
            onChange={(e) => setM({ ...m, message: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'maintenance-message' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            fullWidth
            multiline
            minRows={2}
            label={t('content.admin.messageEn')}
            value={m.messageEng}
            onChange={(e) => setM({ ...m, messageEng: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'maintenance-message-eng' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            fullWidth
            type="datetime-local"
            label={t('content.admin.until')}
            value={toLocalInput(m.until)}
            onChange={(e) => setM({ ...m, until: fromLocalInput(e.target.value) })}
            helperText={t('content.admin.untilHelp')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Grid>
      </Grid>
      <div>
        <Button
          variant="contained"
          loading={save.isPending}
          onClick={() =>
            save.mutate(m, {
              onSuccess: (saved) => {
                setM(saved);
                notifySuccess(t('content.admin.saved'));
              },
            })
          }
          data-testid="maintenance-save"
        >
          {t('common.save')}
        </Button>
      </div>
    </Stack>
  );
}
