import { useState } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import type { TProxy } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notifySuccess } from '@/lib/notify';
import { useUpdateIpv4Fallback } from '../api/tool-links';

/**
 * docs/gateway-protocol.md#ipv4-fallback: one IPv6 proxy's fallback as a switch in its details; it
 * shows the stored state and changes it at once.
 */
export function Ipv4FallbackSwitch({ proxy }: { proxy: Pick<TProxy, 'id' | 'ipv4Fallback'> }) {
  const { t } = useTranslation();
  const update = useUpdateIpv4Fallback();
  return (
    <FormControlLabel
      sx={{ m: 0 }}
      control={
        <Switch
          size="small"
          checked={proxy.ipv4Fallback}
          disabled={update.isPending}
          onChange={(_, enabled) =>
            update.mutate(
              { listProxyId: [proxy.id], enabled },
              {
                onSuccess: () => notifySuccess(t(enabled ? 'proxies.fallback.turnedOn' : 'proxies.fallback.turnedOff')),
              },
            )
          }
          slotProps={{ input: { 'aria-label': t('proxies.fallback.label') } }}
          data-testid="fallback-switch"
        />
      }
      label={
        <span data-testid="fallback-state">
          {proxy.ipv4Fallback ? t('proxies.fallback.on') : t('proxies.fallback.off')}
        </span>
      }
    />
  );
}

/** The batch form: on or off for the chosen IPv6 proxies, starting from their common state. */
export function Ipv4FallbackDialog({ proxies, onDone }: { proxies: TProxy[]; onDone: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const update = useUpdateIpv4Fallback();
  const on = proxies.filter((p) => p.ipv4Fallback).length;
  const [choice, setChoice] = useState<'on' | 'off' | null>(on === proxies.length ? 'on' : on === 0 ? 'off' : null);
  return (
    <ConfirmDialog
      open
      title={t('proxies.fallback.title')}
      confirmLabel={t('common.save')}
      confirmDisabled={choice === null}
      loading={update.isPending}
      onClose={() => onDone(false)}
      onConfirm={() =>
        choice &&
        update.mutate(
          { listProxyId: proxies.map((p) => p.id), enabled: choice === 'on' },
          {
            onSuccess: () => {
              notifySuccess(t('common.updated'));
              onDone(true);
            },
          },
        )
      }
      testId="fallback-dialog"
    >
      <Stack spacing={1.5}>
        <DialogContentText>{t('proxies.fallback.help')}</DialogContentText>
        <DialogContentText data-testid="fallback-current">
          {t('proxies.fallback.current', { on, count: proxies.length })}
        </DialogContentText>
        <RadioGroup value={choice ?? ''} onChange={(_, value) => setChoice(value as 'on' | 'off')}>
          <FormControlLabel value="on" control={<Radio />} label={t('proxies.fallback.turnOn')} />
          <FormControlLabel value="off" control={<Radio />} label={t('proxies.fallback.turnOff')} />
        </RadioGroup>
      </Stack>
    </ConfirmDialog>
  );
}
