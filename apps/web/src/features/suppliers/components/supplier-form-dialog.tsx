import { useState } from 'react';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { SUPPLIER_KINDS, SUPPLIER_SAFETY_MARGIN_MAX_HOURS, type SupplierKind } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { PasswordField } from '@/components/password-field';
import { notifySuccess } from '@/lib/notify';
import {
  useAddSupplierLines,
  useCreateSupplier,
  useUpdateSupplier,
  type AddLinesAnswer,
  type TSupplierRow,
} from '../api/suppliers';
import {
  API_KINDS,
  createBody,
  emptySupplierForm,
  linesBody,
  updateBody,
  type FormProblem,
  type SupplierFormValues,
} from '../utils/supplier-form';
import { LinesFields } from './lines-fields';

interface SupplierFormDialogProps {
  /** Absent: a new supplier. */
  supplier?: TSupplierRow;
  onClose: () => void;
  /** A new `list` supplier's first lines were sent: what became of each. */
  onLinesAdded: (supplier: TSupplierRow, result: AddLinesAnswer) => void;
}

type SaveProps = Omit<SupplierFormDialogProps, 'supplier'> & {
  supplier: TSupplierRow | undefined;
  setProblem: (problem: FormProblem) => void;
};

/**
 * Saves an edit, or creates the supplier; a new list's lines go through add-lines, whose answer
 * names every line that was refused.
 */
function useSaveSupplier({ supplier, onClose, onLinesAdded, setProblem }: SaveProps) {
  const { t } = useTranslation();
  const create = useCreateSupplier();
  const update = useUpdateSupplier();
  const addLines = useAddSupplierLines();
  const pending = create.isPending || update.isPending || addLines.isPending;
  const save = (values: SupplierFormValues, enabled: boolean) => {
    if (supplier) {
      const result = updateBody({ ...values, enabled }, supplier);
      if (!result.ok) {
        setProblem(result.problem);
        return;
      }
      update.mutate(
        { id: supplier.id, ...result.body },
        {
          onSuccess: () => {
            notifySuccess(t('common.updated'));
            onClose();
          },
        },
      );
      return;
    }
    const withLines = values.kind === 'list' && values.lines.trim() !== '';
    const lines = withLines ? linesBody(values) : null;
    if (lines && !lines.ok) {
      setProblem(lines.problem);
      return;
    }
    const result = createBody(withLines ? { ...values, lines: '' } : values);
    if (!result.ok) {
      setProblem(result.problem);
      return;
    }
    create.mutate(result.body, {
      onSuccess: (created) => {
        notifySuccess(t('suppliers.created'));
        if (!lines?.ok) {
          onClose();
          return;
        }
        addLines.mutate(
          { id: created.id, ...lines.body },
          { onSuccess: (answer) => onLinesAdded(created, answer), onError: () => onClose() },
        );
      },
    });
  };
  return { save, pending };
}

function formOf(supplier: TSupplierRow | undefined): SupplierFormValues {
  return supplier
    ? {
        ...emptySupplierForm(supplier.kind),
        name: supplier.name,
        baseUrl: supplier.baseUrl ?? '',
        safetyMarginHours: String(supplier.safetyMarginHours),
      }
    : emptySupplierForm();
}

type Patch = (p: Partial<SupplierFormValues>) => void;

function KindField({ kind, patch }: { kind: SupplierKind; patch: Patch }) {
  const { t } = useTranslation();
  return (
    <Grid size={12}>
      <TextField
        select
        label={t('suppliers.fields.kind')}
        value={kind}
        onChange={(e) => patch({ kind: e.target.value as SupplierKind })}
        helperText={t(`suppliers.kindHelp.${kind}`)}
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': 'supplier-kind' } }}
      >
        {SUPPLIER_KINDS.map((k) => (
          <MenuItem key={k} value={k} data-testid={`supplier-kind-${k}`}>
            {t(`suppliers.kind.${k}`)}
          </MenuItem>
        ))}
      </TextField>
    </Grid>
  );
}

/** What every supplier has: a name and how many hours ahead its proxies are renewed. */
function CommonFields({
  values,
  patch,
  problem,
}: {
  values: SupplierFormValues;
  patch: Patch;
  problem: FormProblem | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Grid size={{ xs: 12, sm: 7 }}>
        <TextField
          label={t('suppliers.fields.name')}
          value={values.name}
          onChange={(e) => patch({ name: e.target.value })}
          required
          autoFocus
          fullWidth
          error={problem === 'name'}
          slotProps={{ htmlInput: { maxLength: 60, 'data-testid': 'supplier-name-input' } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 5 }}>
        <TextField
          label={t('suppliers.fields.safetyMargin')}
          value={values.safetyMarginHours}
          onChange={(e) => patch({ safetyMarginHours: e.target.value })}
          fullWidth
          error={problem === 'safetyMargin'}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'supplier-safety-margin' } }}
        />
      </Grid>
      <Grid size={12}>
        <Alert severity="info" variant="outlined" sx={{ py: 0 }}>
          {t('suppliers.fields.safetyMarginHelp', { max: SUPPLIER_SAFETY_MARGIN_MAX_HOURS })}
        </Alert>
      </Grid>
    </>
  );
}

/** An API supplier's key (write-only: a stored one is kept unless a new one is typed) and base URL. */
function ApiFields({
  values,
  patch,
  problem,
  hasApiKey,
}: {
  values: SupplierFormValues;
  patch: Patch;
  problem: FormProblem | null;
  hasApiKey: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Grid size={12}>
        <PasswordField
          label={t('suppliers.fields.apiKey')}
          value={values.apiKey}
          onChange={(e) => patch({ apiKey: e.target.value })}
          autoComplete="off"
          error={problem === 'apiKey'}
          helperText={hasApiKey ? t('suppliers.fields.apiKeyKeep') : t('suppliers.fields.apiKeyHelp')}
          htmlInput={{ maxLength: 300, 'data-testid': 'supplier-api-key' }}
        />
      </Grid>
      <Grid size={12}>
        <TextField
          label={t('suppliers.fields.baseUrl')}
          value={values.baseUrl}
          onChange={(e) => patch({ baseUrl: e.target.value })}
          helperText={t('suppliers.fields.baseUrlHelp')}
          placeholder={values.kind === 'webshare' ? 'https://proxy.webshare.io' : 'https://proxy6.net'}
          fullWidth
          error={problem === 'baseUrl'}
          slotProps={{ htmlInput: { maxLength: 300, 'data-testid': 'supplier-base-url' } }}
        />
      </Grid>
    </>
  );
}

/**
 * Adding a supplier (its kind decides the fields: an API key and optional base URL, or pasted
 * lines with their country, protocol and expiry) or editing one (name, base URL, a new key, the
 * renew-ahead hours, on/off). The API key is write-only: the dialog never has the stored one.
 */
export function SupplierFormDialog({ supplier, onClose, onLinesAdded }: SupplierFormDialogProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<SupplierFormValues>(() => formOf(supplier));
  const [enabled, setEnabled] = useState(supplier ? supplier.status !== 'disabled' : true);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const { save, pending } = useSaveSupplier({ supplier, onClose, onLinesAdded, setProblem });
  const patch = (p: Partial<SupplierFormValues>) => {
    setValues((v) => ({ ...v, ...p }));
    setProblem(null);
  };
  const apiKind = API_KINDS.includes(values.kind);
  const problemText = (p: FormProblem) => t(`suppliers.problems.${p}`, { max: SUPPLIER_SAFETY_MARGIN_MAX_HOURS });

  const submit = () => save(values, enabled);

  return (
    <FormDialog
      title={supplier ? t('suppliers.editTitle', { name: supplier.name }) : t('suppliers.addTitle')}
      testId="supplier-form-dialog"
      maxWidth="sm"
      submitLabel={supplier ? t('common.save') : t('suppliers.add')}
      submitTestId="supplier-submit"
      loading={pending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        {!supplier && <KindField kind={values.kind} patch={patch} />}
        <CommonFields values={values} patch={patch} problem={problem} />
        {apiKind && (
          <ApiFields values={values} patch={patch} problem={problem} hasApiKey={Boolean(supplier?.hasApiKey)} />
        )}
        {!supplier && values.kind === 'list' && <LinesFields values={values} onChange={patch} />}
        {supplier && (
          <Grid size={12}>
            <FormControlLabel
              control={
                <Switch
                  checked={enabled}
                  onChange={(_, checked) => setEnabled(checked)}
                  data-testid="supplier-enabled"
                />
              }
              label={t('suppliers.fields.enabled')}
            />
          </Grid>
        )}
        {problem && (
          <Grid size={12}>
            <Alert severity="error" data-testid="supplier-form-problem">
              {problemText(problem)}
            </Alert>
          </Grid>
        )}
      </Grid>
    </FormDialog>
  );
}
