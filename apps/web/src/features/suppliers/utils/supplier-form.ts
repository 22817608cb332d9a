import {
  SUPPLIER_SAFETY_MARGIN_MAX_HOURS,
  ZSupplierAddLinesRequest,
  ZSupplierCreateRequest,
  ZSupplierUpdateRequest,
  type SupplierKind,
  type TSupplierAddLinesRequest,
  type TSupplierCreateRequest,
  type TSupplierUpdateRequest,
} from '@proxy/contract';

/** What the supplier dialog holds: text fields as typed, every kind's fields at once. */
export interface SupplierFormValues {
  kind: SupplierKind;
  name: string;
  baseUrl: string;
  apiKey: string;
  safetyMarginHours: string;
  lines: string;
  country: string;
  protocol: 'http' | 'socks5';
  product: 'v4' | 'v6';
  /** YYYY-MM-DD: the pasted proxies expire at the end of that UTC day. */
  expiresOn: string;
  cost: string;
}

/** The kinds that reach the provider with an API key (and an optional base URL). */
export const API_KINDS: readonly SupplierKind[] = ['proxy6', 'webshare'];

export const emptySupplierForm = (kind: SupplierKind = 'proxy6'): SupplierFormValues => ({
  kind,
  name: '',
  baseUrl: '',
  apiKey: '',
  safetyMarginHours: '24',
  lines: '',
  country: '',
  protocol: 'http',
  product: 'v4',
  expiresOn: '',
  cost: '',
});

export type FormProblem =
  'name' | 'apiKey' | 'baseUrl' | 'safetyMargin' | 'lines' | 'country' | 'expiresOn' | 'cost' | 'invalid';

export type FormResult<T> = { ok: true; body: T } | { ok: false; problem: FormProblem };

const trimmed = (s: string) => s.trim();

/** A whole number typed in a field, or NaN when it is not one (a cleared optional field is undefined). */
function wholeNumber(text: string): number | undefined {
  const s = text.trim();
  if (s === '') {
    return undefined;
  }
  return /^\d+$/.test(s) ? Number(s) : Number.NaN;
}

/** The end of a UTC day as the ISO instant the contract reads; null for anything but YYYY-MM-DD. */
export function endOfDayIso(day: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) {
    return null;
  }
  const ms = Date.parse(`${day}T23:59:59.000Z`);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

function safetyMargin(text: string): number | undefined | null {
  const hours = wholeNumber(text);
  if (hours === undefined) {
    return undefined;
  }
  return Number.isInteger(hours) && hours <= SUPPLIER_SAFETY_MARGIN_MAX_HOURS ? hours : null;
}

type LinesFields = Pick<SupplierFormValues, 'lines' | 'country' | 'protocol' | 'product' | 'expiresOn' | 'cost'>;

/** The pasted lines and their shared fields as add-lines reads them, or the first field that is wrong. */
export function linesBody(values: LinesFields): FormResult<TSupplierAddLinesRequest> {
  if (!values.lines.trim()) {
    return { ok: false, problem: 'lines' };
  }
  if (!/^[A-Za-z]{2}$/.test(values.country.trim())) {
    return { ok: false, problem: 'country' };
  }
  const expiresAt = endOfDayIso(values.expiresOn);
  if (!expiresAt || Date.parse(expiresAt) <= Date.now()) {
    return { ok: false, problem: 'expiresOn' };
  }
  const cost = wholeNumber(values.cost);
  if (cost !== undefined && !Number.isInteger(cost)) {
    return { ok: false, problem: 'cost' };
  }
  const parsed = ZSupplierAddLinesRequest.safeParse({
    lines: values.lines,
    country: values.country.trim().toUpperCase(),
    protocol: values.protocol,
    product: values.product,
    expiresAt,
    ...(cost === undefined ? {} : { cost }),
  });
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, problem: 'invalid' };
}

/**
 * POST /api/supplier/admin/create from the dialog: an API kind sends its key (and a base URL when
 * one is typed); `list` sends its first lines with their country, protocol and expiry.
 */
export function createBody(values: SupplierFormValues): FormResult<TSupplierCreateRequest> {
  const name = trimmed(values.name);
  if (!name) {
    return { ok: false, problem: 'name' };
  }
  const margin = safetyMargin(values.safetyMarginHours);
  if (margin === null) {
    return { ok: false, problem: 'safetyMargin' };
  }
  let body: TSupplierCreateRequest = {
    kind: values.kind,
    name,
    ...(margin === undefined ? {} : { safetyMarginHours: margin }),
  };
  if (API_KINDS.includes(values.kind)) {
    const apiKey = trimmed(values.apiKey);
    if (!apiKey) {
      return { ok: false, problem: 'apiKey' };
    }
    const baseUrl = trimmed(values.baseUrl);
    if (baseUrl && !/^https?:\/\/\S+$/i.test(baseUrl)) {
      return { ok: false, problem: 'baseUrl' };
    }
    body = { ...body, apiKey, ...(baseUrl ? { baseUrl } : {}) };
  } else if (values.lines.trim()) {
    // A list may start empty and get its lines later; lines given now need their fields.
    const lines = linesBody(values);
    if (!lines.ok) {
      return lines;
    }
    body = { ...body, ...lines.body };
  }
  const parsed = ZSupplierCreateRequest.safeParse(body);
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, problem: 'invalid' };
}

/**
 * PUT /api/supplier/admin/update/:id from the dialog: only what changed is sent, and an API key
 * left empty keeps the stored one (it is write-only, so the dialog never shows it).
 */
export function updateBody(
  values: Pick<SupplierFormValues, 'name' | 'baseUrl' | 'apiKey' | 'safetyMarginHours'> & { enabled: boolean },
  current: { name: string; baseUrl: string | null; status: string; safetyMarginHours: number; kind: SupplierKind },
): FormResult<TSupplierUpdateRequest> {
  const name = trimmed(values.name);
  if (!name) {
    return { ok: false, problem: 'name' };
  }
  const margin = safetyMargin(values.safetyMarginHours);
  if (margin === null || margin === undefined) {
    return { ok: false, problem: 'safetyMargin' };
  }
  const body: TSupplierUpdateRequest = {};
  if (name !== current.name) {
    body.name = name;
  }
  if (margin !== current.safetyMarginHours) {
    body.safetyMarginHours = margin;
  }
  const status = values.enabled ? 'ok' : 'disabled';
  // "error" is the server's own verdict: switching on a supplier in error is not a change.
  if ((current.status === 'disabled') !== (status === 'disabled')) {
    body.status = status;
  }
  if (API_KINDS.includes(current.kind)) {
    const baseUrl = trimmed(values.baseUrl);
    if (baseUrl && !/^https?:\/\/\S+$/i.test(baseUrl)) {
      return { ok: false, problem: 'baseUrl' };
    }
    if (baseUrl && baseUrl !== (current.baseUrl ?? '')) {
      body.baseUrl = baseUrl;
    }
    const apiKey = trimmed(values.apiKey);
    if (apiKey) {
      body.apiKey = apiKey;
    }
  }
  const parsed = ZSupplierUpdateRequest.safeParse(body);
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, problem: 'invalid' };
}
