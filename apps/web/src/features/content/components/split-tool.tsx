import { useDeferredValue, useMemo, useState, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { copyWithToast } from '@/components/copy-button';
import { inputLines, splitLines, splitProblem, type SplitOptions } from '../utils/split-lines';

const num = (v: string) => (v.trim() === '' ? NaN : Number(v));

/**
 * A plain textarea: MUI's multiline TextField measures its whole text on every change, which takes
 * seconds on lists of tens of thousands of lines; a bare element does not.
 */
function PlainTextarea({
  label,
  value,
  onChange,
  rows,
  testId,
  helper,
}: {
  label: string;
  value: string;
  onChange?: (v: string) => void;
  rows: number;
  testId: string;
  helper?: string;
}) {
  return (
    <Box component="label" sx={{ display: 'block' }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Box
        component="textarea"
        rows={rows}
        value={value}
        readOnly={!onChange}
        spellCheck={false}
        onChange={onChange ? (e: ChangeEvent<HTMLTextAreaElement>) => onChange(e.target.value) : undefined}
        data-testid={testId}
        sx={{
          width: '100%',
          boxSizing: 'border-box',
          resize: 'vertical',
          p: 1.5,
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          color: 'text.primary',
          fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
          fontSize: 13,
          '&:focus': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid', borderColor: 'transparent' },
        }}
      />
      {helper && (
        <Typography variant="caption" color="text.secondary">
          {helper}
        </Typography>
      )}
    </Box>
  );
}

interface SplitInputs {
  from: string;
  to: string;
  separator: string;
  fieldFrom: string;
  fieldTo: string;
}

function NumberField({
  label,
  value,
  onChange,
  testId,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  error: boolean;
}) {
  return (
    <TextField
      size="small"
      type="number"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      slotProps={{ htmlInput: { min: 1, 'data-testid': testId } }}
      fullWidth
    />
  );
}

/** Which lines to keep, and, with a separator, which fields of each. */
function SplitSettings({
  inputs,
  onChange,
  problem,
}: {
  inputs: SplitInputs;
  onChange: (patch: Partial<SplitInputs>) => void;
  problem: ReturnType<typeof splitProblem>;
}) {
  const { t } = useTranslation();
  const rangeError = problem === 'rangeOrder' || problem === 'rangeInvalid';
  const fieldError = problem === 'fieldRangeOrder' || problem === 'fieldRangeInvalid';
  const fields = inputs.separator !== '';
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 6, md: 2 }}>
        <NumberField
          label={t('content.tools.split.from')}
          value={inputs.from}
          onChange={(from) => onChange({ from })}
          testId="split-from"
          error={rangeError}
        />
      </Grid>
      <Grid size={{ xs: 6, md: 2 }}>
        <NumberField
          label={t('content.tools.split.to')}
          value={inputs.to}
          onChange={(to) => onChange({ to })}
          testId="split-to"
          error={rangeError}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <TextField
          size="small"
          fullWidth
          label={t('content.tools.split.separator')}
          value={inputs.separator}
          onChange={(e) => onChange({ separator: e.target.value.slice(0, 5) })}
          helperText={t('content.tools.split.separatorHint')}
        />
      </Grid>
      <Grid size={{ xs: 6, md: 2 }}>
        {fields && (
          <NumberField
            label={t('content.tools.split.fieldFrom')}
            value={inputs.fieldFrom}
            onChange={(fieldFrom) => onChange({ fieldFrom })}
            testId="split-field-from"
            error={fieldError}
          />
        )}
      </Grid>
      <Grid size={{ xs: 6, md: 2 }}>
        {fields && (
          <NumberField
            label={t('content.tools.split.fieldTo')}
            value={inputs.fieldTo}
            onChange={(fieldTo) => onChange({ fieldTo })}
            testId="split-field-to"
            error={fieldError}
          />
        )}
      </Grid>
    </Grid>
  );
}

/** The split-string tool: keep a range of lines (and of fields per line), all in the browser. */
export function SplitTool() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [inputs, setInputs] = useState<SplitInputs>({
    from: '1',
    to: '100',
    separator: '',
    fieldFrom: '1',
    fieldTo: '2',
  });
  const deferred = useDeferredValue(text);
  const lines = useMemo(() => inputLines(deferred), [deferred]);
  const options: SplitOptions = {
    from: num(inputs.from),
    to: num(inputs.to),
    separator: inputs.separator,
    fieldFrom: num(inputs.fieldFrom),
    fieldTo: num(inputs.fieldTo),
  };
  const problem = splitProblem(options);
  // Linear in the input: a list of 100,000 lines takes a few milliseconds, so no memo is needed.
  const output = splitLines(lines, options).join('\n');
  const outCount = output === '' ? 0 : output.split('\n').length;
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('content.tools.split.description')}</Typography>
      <PlainTextarea
        label={t('content.tools.split.input')}
        value={text}
        onChange={setText}
        rows={10}
        testId="split-input"
        helper={t('content.tools.split.lineCount', { count: lines.length })}
      />
      <SplitSettings inputs={inputs} onChange={(patch) => setInputs((i) => ({ ...i, ...patch }))} problem={problem} />
      {problem && (
        <Typography color="error" role="alert" data-testid="split-error">
          {t(`content.tools.split.errors.${problem}`)}
        </Typography>
      )}
      <PlainTextarea
        label={t('content.tools.split.output', { count: outCount })}
        value={output}
        rows={8}
        testId="split-output"
      />
      <Stack direction="row" spacing={1}>
        <Button
          variant="contained"
          disabled={output === ''}
          onClick={() => void copyWithToast(output, { copied: t('common.copied'), failed: t('common.copyFailed') })}
        >
          {t('common.copy')}
        </Button>
        <Button onClick={() => setText('')} disabled={text === ''}>
          {t('content.tools.split.clear')}
        </Button>
      </Stack>
    </Stack>
  );
}
