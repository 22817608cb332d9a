import { useState } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { RESET_INTERVAL_MAX, RESET_INTERVAL_MIN, type TProxy } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notifyError } from '@/lib/notify';
import { fieldFromNumber, numberFromField } from '@/lib/form';
import { initialIpMode, isValidResetInterval } from '../utils/proxy-forms';

export interface IpModeChoice {
  mode: 'auto' | 'manual';
  intervalMin?: number;
}

interface IpModeDialogProps {
  /** The chosen proxies' current modes, which the dialog starts from. */
  proxies: readonly Pick<TProxy, 'ipChangeMode' | 'changeIntervalMin'>[];
  pending: boolean;
  onConfirm: (choice: IpModeChoice) => void;
  onClose: () => void;
}

/** docs/product-rules.md#proxy-states: automatic every 15–1000 minutes, or manual (on request). */
export function IpModeDialog({ proxies, pending, onConfirm, onClose }: IpModeDialogProps) {
  const { t } = useTranslation();
  const [initial] = useState(() => initialIpMode(proxies));
  const [mode, setMode] = useState<IpModeChoice['mode'] | null>(initial.mode);
  const [minutes, setMinutes] = useState(initial.intervalMin);
  const range = { min: RESET_INTERVAL_MIN, max: RESET_INTERVAL_MAX };
  const invalid = mode === 'auto' && !isValidResetInterval(minutes);

  const confirm = () => {
    if (mode === null) {
      return;
    }
    if (invalid) {
      notifyError(t('proxies.ipMode.invalid', range));
      return;
    }
    onConfirm(mode === 'auto' ? { mode, intervalMin: minutes } : { mode });
  };

  return (
    <ConfirmDialog
      open
      title={t('proxies.ipMode.title')}
      confirmLabel={t('common.save')}
      onConfirm={confirm}
      onClose={onClose}
      loading={pending}
      confirmDisabled={mode === null}
      testId="ip-mode-dialog"
    >
      <Stack spacing={2}>
        <DialogContentText>{t('proxies.appliesTo', { count: proxies.length })}</DialogContentText>
        <RadioGroup value={mode ?? ''} onChange={(_, value) => setMode(value as IpModeChoice['mode'])}>
          <FormControlLabel value="auto" control={<Radio />} label={t('proxies.ipMode.auto')} />
          <FormControlLabel value="manual" control={<Radio />} label={t('proxies.ipMode.manual')} />
        </RadioGroup>
        {mode === 'auto' && (
          <TextField
            type="number"
            label={t('proxies.ipMode.minutes')}
            value={fieldFromNumber(minutes)}
            onChange={(event) => setMinutes(numberFromField(event.target.value))}
            error={invalid}
            helperText={t('proxies.ipMode.invalid', range)}
            slotProps={{ htmlInput: { ...range, step: 1, 'data-testid': 'ip-mode-minutes' } }}
          />
        )}
      </Stack>
    </ConfirmDialog>
  );
}
