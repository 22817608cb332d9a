import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEFAULT_TIME_ZONE, isTimeZone } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@/lib/notify';
import { refreshSiteInfo } from '@/lib/site-info';
import { useUpdateSiteSettings } from '../api/update-site-settings';

/** The zones the browser knows, for the field's suggestions (the server checks the name again). */
const ZONES = ['UTC', ...Intl.supportedValuesOf('timeZone')];

/** The IANA time zone the site's days are counted in (docs/product-rules.md#time-zones). */
export function TimeZoneForm({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const update = useUpdateSiteSettings();
  const [text, setText] = useState(timeZone);
  const value = text.trim();
  const valid = isTimeZone(value);

  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {t('admin.config.timeZoneHelp', { default: DEFAULT_TIME_ZONE })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          size="small"
          label={t('admin.config.timeZone')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={!valid}
          helperText={valid ? ' ' : t('admin.config.timeZoneInvalid')}
          sx={{ width: { xs: '100%', sm: 300 } }}
          slotProps={{ htmlInput: { list: 'time-zones', spellCheck: false, 'data-testid': 'site-time-zone' } }}
        />
        <datalist id="time-zones">
          {ZONES.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <Button
          variant="contained"
          disabled={!valid || value === timeZone}
          loading={update.isPending}
          onClick={() =>
            // Keyed by the saved value (remounts on success): the promise outlives the form.
            void update.mutateAsync({ timeZone: value }).then(
              () => {
                notifySuccess(t('common.updated'));
                void refreshSiteInfo();
              },
              () => undefined,
            )
          }
          data-testid="site-time-zone-save"
        >
          {t('common.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
