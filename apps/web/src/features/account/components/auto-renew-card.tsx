import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@/lib/notify';
import { useSetPrivateAutoRenew } from '../api/set-private-auto-renew';

/** docs/screens.md#account: auto-renew for all private proxies (the IPv4 ones from packages). */
export function AutoRenewCard({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const save = useSetPrivateAutoRenew();
  // While saving, the switch shows the asked state; the user's flag follows once it is fetched again.
  const checked = save.isPending ? (save.variables?.autoRenew ?? enabled) : enabled;
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {t('account.autoRenew.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('account.autoRenew.description')}
        </Typography>
        <FormControlLabel
          label={checked ? t('account.autoRenew.on') : t('account.autoRenew.off')}
          control={
            <Switch
              checked={checked}
              disabled={save.isPending}
              slotProps={{ input: { 'aria-label': t('account.autoRenew.title') } }}
              data-testid="private-auto-renew"
              onChange={(_event, value) =>
                save.mutate(
                  { autoRenew: value },
                  // A failure is toasted by the query client's mutation handler (docs/screens.md#error-messages).
                  {
                    onSuccess: () =>
                      notifySuccess(value ? t('account.autoRenew.turnedOn') : t('account.autoRenew.turnedOff')),
                  },
                )
              }
            />
          }
        />
      </CardContent>
    </Card>
  );
}
