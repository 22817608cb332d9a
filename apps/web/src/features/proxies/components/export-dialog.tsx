import { useState } from 'react';
import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ProxyPreset } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';

export interface ExportChoice<F extends string> {
  format: F;
  template?: string;
  /** A tool's own import format (docs/tool-links.md#presets), in place of format and template. */
  preset?: ProxyPreset;
}

/** The tools' names as they spell them (not translated). */
export const PRESET_NAMES: Record<ProxyPreset, string> = {
  adspower: 'AdsPower',
  dolphin: 'Dolphin Anty',
  gologin: 'GoLogin',
  multilogin: 'Multilogin',
  ixbrowser: 'ixBrowser',
  proxifier: 'Proxifier',
};

interface ExportDialogProps<F extends string> {
  formats: readonly F[];
  /** Proxies can be written through a template in txt; keys cannot. */
  withTemplate: boolean;
  /** The tools whose import format can be written (proxies only). */
  presets?: readonly ProxyPreset[];
  pending: boolean;
  onConfirm: (choice: ExportChoice<F>) => void;
  onClose: () => void;
}

const PRESET_PREFIX = 'preset:';

/** Export as txt, csv or json, through a line template, or in a tool's import format. */
export function ExportDialog<F extends string>({
  formats,
  withTemplate,
  presets = [],
  pending,
  onConfirm,
  onClose,
}: ExportDialogProps<F>) {
  const { t } = useTranslation();
  // One select for both: a file format, or "preset:<tool>".
  const [choice, setChoice] = useState<string>(formats[0]!);
  const [template, setTemplate] = useState('');
  const preset = choice.startsWith(PRESET_PREFIX) ? (choice.slice(PRESET_PREFIX.length) as ProxyPreset) : undefined;
  const format = (preset ? formats[0] : choice) as F;
  const templated = withTemplate && !preset && format === 'txt';
  return (
    <ConfirmDialog
      open
      title={t('proxies.export.title')}
      confirmLabel={t('common.download')}
      onConfirm={() =>
        onConfirm(
          preset
            ? { format, preset }
            : { format, template: templated && template.trim() ? template.trim() : undefined },
        )
      }
      onClose={onClose}
      loading={pending}
      testId="export-dialog"
    >
      <Stack spacing={2}>
        <DialogContentText>{t('proxies.export.message')}</DialogContentText>
        <TextField
          select
          label={t('proxies.export.format')}
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
          data-testid="export-format"
        >
          {presets.length > 0 && <ListSubheader>{t('proxies.export.files')}</ListSubheader>}
          {formats.map((f) => (
            <MenuItem key={f} value={f} data-testid={`export-format-${f}`}>
              {f.toUpperCase()}
            </MenuItem>
          ))}
          {presets.length > 0 && <ListSubheader>{t('proxies.export.tools')}</ListSubheader>}
          {presets.map((p) => (
            <MenuItem key={p} value={`${PRESET_PREFIX}${p}`} data-testid={`export-preset-${p}`}>
              {PRESET_NAMES[p]}
            </MenuItem>
          ))}
        </TextField>
        {preset && (
          <Alert severity="info" data-testid="export-preset-hint">
            {t(`proxies.export.presetHint.${preset}`)}
          </Alert>
        )}
        {templated && (
          <TextField
            label={t('proxies.export.template')}
            placeholder="{host}:{port}:{username}:{password}"
            value={template}
            onChange={(event) => setTemplate(event.target.value)}
            helperText={t('proxies.export.templateHelp')}
            slotProps={{ htmlInput: { maxLength: 300, spellCheck: false, 'data-testid': 'export-template' } }}
          />
        )}
      </Stack>
    </ConfirmDialog>
  );
}
