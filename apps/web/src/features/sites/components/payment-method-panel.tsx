import { useState } from 'react';
import Accordion from '@mui/material/Accordion';
import Alert from '@mui/material/Alert';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { PAYMENT_METHOD_FIELDS, PAYMENT_METHOD_REQUIRED, type TPaymentMethodConfigView } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';
import { isApiError } from '@/lib/api-error';
import { handleApiError } from '@/lib/error-handler';
import { notifyError, notifySuccess } from '@/lib/notify';
import type { vi } from '@/locales/vi';
import { useUpdatePaymentMethod } from '../api/update-payment-method';
import {
  fieldsOfIssues,
  initialMethodForm,
  invalidMethodFields,
  methodUpdateBody,
  type MethodFormState,
} from '../utils/payment-method-form';

type FieldName = keyof typeof vi.admin.payments.fields;

type Label = (field: string) => string;

/** The form of one method: its values, the secrets typed, the secrets to clear, and the fields in error. */
function useMethodForm(view: TPaymentMethodConfigView, simulator: boolean, onInvalid: () => void) {
  const { t } = useTranslation();
  const update = useUpdatePaymentMethod();
  const [form, setForm] = useState<MethodFormState>(() => initialMethodForm(view, simulator));
  const [errors, setErrors] = useState<Set<string>>(new Set());
  const label: Label = (field) => t(`admin.payments.fields.${field as FieldName}`);

  const onError = (error: unknown) => {
    if (isApiError(error) && (error.code === 'VALIDATION_ERROR' || error.code === 'OUTBOUND_URL_NOT_ALLOWED')) {
      const bad = fieldsOfIssues(error.dataOf('VALIDATION_ERROR') ?? error.dataOf('OUTBOUND_URL_NOT_ALLOWED'));
      setErrors(new Set(bad));
      onInvalid();
      const fields = bad.map(label).join(', ');
      // A URL refused by the server's outbound rule (not public, not https) says why.
      notifyError(
        error.code === 'OUTBOUND_URL_NOT_ALLOWED'
          ? `${t('errors.OUTBOUND_URL_NOT_ALLOWED')} (${fields})`
          : t('admin.payments.fixFields', { fields }),
      );
      return;
    }
    handleApiError(error);
  };

  const save = (body: Record<string, string | boolean | null>) => {
    update.mutate(
      { method: view.method, body },
      {
        onSuccess: (config) => {
          const fresh = config.methods.find((m) => m.method === view.method);
          if (fresh) {
            setForm(initialMethodForm(fresh, simulator));
          }
          setErrors(new Set());
          notifySuccess(t('common.updated'));
        },
        onError,
      },
    );
  };

  const submit = () => {
    const body = methodUpdateBody(view, form, simulator);
    const bad = invalidMethodFields(view.method, body);
    if (bad.length) {
      setErrors(new Set(bad));
      notifyError(t('admin.payments.fixFields', { fields: bad.map(label).join(', ') }));
      return;
    }
    if (Object.keys(body).length === 0) {
      notifySuccess(t('admin.payments.noChanges'));
      return;
    }
    save(body);
  };

  const setValue = (kind: 'values' | 'secrets', field: string, value: string) =>
    setForm((f) => ({ ...f, [kind]: { ...f[kind], [field]: value } }));
  const toggleClear = (field: string) => setForm((f) => ({ ...f, clear: { ...f.clear, [field]: !f.clear[field] } }));

  return { form, errors, label, save, submit, setValue, toggleClear, pending: update.isPending };
}

type MethodForm = ReturnType<typeof useMethodForm>;

/** The method's name, whether it is on, and the switch that turns it on or off without opening it. */
function MethodSummary({ view, method }: { view: TPaymentMethodConfigView; method: MethodForm }) {
  const { t } = useTranslation();
  return (
    <AccordionSummary expandIcon={<ExpandMore />}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, flexGrow: 1 }}>
        <Typography sx={{ fontWeight: 700, mr: 1 }}>{t(`common.paymentMethod.${view.method}`)}</Typography>
        <Chip
          size="small"
          variant="outlined"
          color={view.enabled ? 'success' : 'default'}
          label={view.enabled ? t('admin.payments.enabled') : t('admin.payments.disabled')}
        />
      </Stack>
      <FormControlLabel
        onClick={(event) => event.stopPropagation()}
        onFocus={(event) => event.stopPropagation()}
        control={
          <Switch
            checked={view.enabled}
            disabled={method.pending}
            onChange={(event) => method.save({ enabled: event.target.checked })}
            slotProps={{ input: { 'aria-label': t('admin.payments.toggle') } }}
            data-testid={`payment-toggle-${view.method}`}
          />
        }
        label=""
        sx={{ mr: 1 }}
      />
    </AccordionSummary>
  );
}

/** A write-only secret: whether one is stored, a new value, or a request to clear it. */
function SecretField({
  field,
  view,
  method,
  required,
}: {
  field: string;
  view: TPaymentMethodConfigView;
  method: MethodForm;
  required: boolean;
}) {
  const { t } = useTranslation();
  const { form } = method;
  const isSet = view.secretsSet[field];
  return (
    <TextField
      fullWidth
      size="small"
      type="password"
      autoComplete="new-password"
      label={method.label(field)}
      required={required && !isSet}
      value={form.secrets[field] ?? ''}
      disabled={Boolean(form.clear[field])}
      onChange={(event) => method.setValue('secrets', field, event.target.value)}
      error={method.errors.has(field)}
      helperText={
        <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <span data-testid={`payment-secret-${field}`}>
            {isSet ? t('admin.payments.secretSet') : t('admin.payments.secretNotSet')}
          </span>
          {isSet && (
            <Button
              size="small"
              color={form.clear[field] ? 'primary' : 'error'}
              sx={{ minWidth: 0, p: 0 }}
              onClick={() => method.toggleClear(field)}
            >
              {form.clear[field] ? t('admin.payments.keepSecret') : t('admin.payments.clearSecret')}
            </Button>
          )}
        </Box>
      }
      placeholder={isSet ? t('admin.payments.secretKeep') : undefined}
      slotProps={{ htmlInput: { 'data-testid': `payment-field-${field}` }, inputLabel: { shrink: true } }}
    />
  );
}

/** The method's settings: its plain values, then its secrets. */
function MethodFields({
  view,
  method,
  simulator,
}: {
  view: TPaymentMethodConfigView;
  method: MethodForm;
  simulator: boolean;
}) {
  const fields = PAYMENT_METHOD_FIELDS[view.method];
  const required = new Set<string>(PAYMENT_METHOD_REQUIRED[view.method]);
  return (
    <Grid container spacing={2}>
      {fields.plain.map((field) => (
        <Grid key={field} size={{ xs: 12, sm: 6 }}>
          <TextField
            fullWidth
            size="small"
            label={method.label(field)}
            required={required.has(field)}
            value={method.form.values[field] ?? ''}
            placeholder={simulator && view.method === 'bank' ? (view.values[field] ?? undefined) : undefined}
            onChange={(event) => method.setValue('values', field, event.target.value)}
            error={method.errors.has(field)}
            slotProps={{ htmlInput: { 'data-testid': `payment-field-${field}` } }}
          />
        </Grid>
      ))}
      {fields.secret.map((field) => (
        <Grid key={field} size={{ xs: 12, sm: 6 }}>
          <SecretField field={field} view={view} method={method} required={required.has(field)} />
        </Grid>
      ))}
    </Grid>
  );
}

function WebhookUrl({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
        {t('admin.payments.webhookUrl')}
      </Typography>
      <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
        {url}
      </Typography>
      <CopyButton text={url} />
    </Stack>
  );
}

/** One payment method of the site: on/off, its settings, and its secrets (write-only). */
export function PaymentMethodPanel({
  view,
  simulator = false,
}: {
  view: TPaymentMethodConfigView;
  /** The bank runs the simulator: its demo account is shown, not stored. */
  simulator?: boolean;
}) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const method = useMethodForm(view, simulator, () => setExpanded(true));

  return (
    <Accordion
      expanded={expanded}
      onChange={(_, open) => setExpanded(open)}
      disableGutters
      variant="outlined"
      data-testid={`payment-method-${view.method}`}
    >
      <MethodSummary view={view} method={method} />
      <AccordionDetails>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t(`admin.payments.help.${view.method}`)}
          </Typography>
          {simulator && view.method === 'bank' && (
            <Alert severity="info" data-testid="payment-bank-simulator">
              {t('admin.payments.simulator', {
                bank: view.values.bankName ?? '',
                account: view.values.accountNumber ?? '',
              })}
            </Alert>
          )}
          <MethodFields view={view} method={method} simulator={simulator} />
          {view.webhookUrl && <WebhookUrl url={view.webhookUrl} />}
          <Box>
            <Button
              variant="contained"
              onClick={method.submit}
              loading={method.pending}
              data-testid={`payment-save-${view.method}`}
            >
              {t('common.save')}
            </Button>
          </Box>
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
