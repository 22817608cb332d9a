import { useState } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';

export interface ExportChoice<F extends string> {
  format: F;
  template?: string;
}

interface ExportDialogProps<F extends string> {
  formats: readonly F[];
  /** Proxies can be written through a template in txt; keys cannot. */
  withTemplate: boolean;
  pending: boolean;
  onConfirm: (choice: ExportChoice<F>) => void;
  onClose: () => void;
}

/** Export as txt, csv or json, optionally through a line template (docs/wire-contract.md#proxies). */
export function ExportDialog<F extends string>({
  formats,
  withTemplate,
  pending,
  onConfirm,
  onClose,
}: ExportDialogProps<F>) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<F>(formats[0]!);
  const [template, setTemplate] = useState('');
  const templated = withTemplate && format === 'txt';
  return (
    <ConfirmDialog
      open
      title={t('proxies.export.title')}
      confirmLabel={t('common.download')}
      onConfirm={() => onConfirm({ format, template: templated && template.trim() ? template.trim() : undefined })}
      onClose={onClose}
      loading={pending}
      testId="export-dialog"
    >
      <Stack spacing={2}>
        <DialogContentText>{t('proxies.export.message')}</DialogContentText>
        <TextField
          select
          label={t('proxies.export.format')}
          value={format}
          onChange={(event) => setFormat(event.target.value as F)}
          data-testid="export-format"
        >
          {formats.map((f) => (
            <MenuItem key={f} value={f}>
              {f.toUpperCase()}
            </MenuItem>
          ))}
        </TextField>
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
