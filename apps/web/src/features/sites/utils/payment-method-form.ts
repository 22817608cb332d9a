import {
  PAYMENT_METHOD_FIELDS,
  ZPaymentMethodUpdate,
  type ErrorData,
  type PaymentMethod,
  type TPaymentMethodConfigView,
} from '@proxy/contract';

/** What the admin has typed for one method; secrets are write-only, so they start empty. */
export interface MethodFormState {
  values: Record<string, string>;
  secrets: Record<string, string>;
  /** Secrets to remove. */
  clear: Record<string, boolean>;
}

/**
 * The stored values the form starts from. The bank simulator shows its demo account, which is not
 * stored: the admin starts from empty fields, and every value typed is sent.
 */
function baseline(view: TPaymentMethodConfigView, simulator: boolean): Record<string, string | null> {
  return view.method === 'bank' && simulator ? {} : view.values;
}

export function initialMethodForm(view: TPaymentMethodConfigView, simulator = false): MethodFormState {
  const stored = baseline(view, simulator);
  const values: Record<string, string> = {};
  for (const field of PAYMENT_METHOD_FIELDS[view.method].plain) {
    values[field] = stored[field] ?? '';
  }
  return { values, secrets: {}, clear: {} };
}

/**
 * The body of PUT /api/bill/admin/payment-methods/:method: only what changed. A plain value
 * emptied is null (cleared); a secret typed is set, one marked for removal is null, an untouched
 * one is absent (kept).
 */
export function methodUpdateBody(
  view: TPaymentMethodConfigView,
  form: MethodFormState,
  simulator = false,
): Record<string, string | null> {
  const body: Record<string, string | null> = {};
  const fields = PAYMENT_METHOD_FIELDS[view.method];
  const stored = baseline(view, simulator);
  for (const field of fields.plain) {
    const next = (form.values[field] ?? '').trim();
    if (next !== (stored[field] ?? '')) {
      body[field] = next === '' ? null : next;
    }
  }
  for (const field of fields.secret) {
    const typed = form.secrets[field] ?? '';
    if (form.clear[field]) {
      body[field] = null;
    } else if (typed !== '') {
      body[field] = typed;
    }
  }
  return body;
}

/**
 * The fields the contract's schema refuses, e.g. a BIN that is not 6 digits; the server checks
 * the same schema, and also which fields an enabled method needs.
 */
export function invalidMethodFields(method: PaymentMethod, body: Record<string, unknown>): string[] {
  const parsed = ZPaymentMethodUpdate[method].safeParse(body);
  if (parsed.success) {
    return [];
  }
  return [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? '')))].filter(Boolean);
}

/** The fields named by a VALIDATION_ERROR of the server (`data.issues[].path` is "body.<field>"). */
export function fieldsOfIssues(data: Pick<ErrorData<'VALIDATION_ERROR'>, 'issues'> | undefined): string[] {
  return (data?.issues ?? [])
    .map(({ path }) => (typeof path === 'string' ? path.replace(/^body\./, '') : ''))
    .filter(Boolean);
}
