import { isOutboundRefusal, outboundRequest, type Outbound } from '../../../lib/outbound.js';

/**
 * What the supplier clients share: one error type that carries the supplier's own words (never
 * the URL, which holds proxy6's API key in its path), and the request and answer handling.
 */

/**
 * - `refused`: the supplier answered that it did not do it (proxy6 `status: "no"`): nothing happened.
 * - `unavailable`: no usable answer (timeout, network, 5xx, 429): it may or may not have happened.
 * - `bad_answer`: an answer that is not the protocol (HTML, broken JSON): likewise unknown.
 * - `refused_address`: the base URL or upstream address is not allowed (outbound rule).
 */
export type SupplierErrorKind = 'refused' | 'unavailable' | 'bad_answer' | 'refused_address';

export class SupplierError extends Error {
  constructor(
    readonly kind: SupplierErrorKind,
    /** The supplier's own words (e.g. "Error no money"), safe to show an admin. */
    readonly supplierMessage: string,
    /** proxy6's `error_id` of a refusal. */
    readonly errorId?: number,
  ) {
    super(supplierMessage);
  }

  /** Whether the call may have taken effect (a purchase must be looked up before it is retried). */
  get ambiguous(): boolean {
    return this.kind === 'unavailable' || this.kind === 'bad_answer';
  }
}

export interface SupplierHttp {
  out: Outbound;
  timeoutMs: number;
}

/** A GET to a supplier: the answer's status and text, or a SupplierError that names no URL. */
export async function supplierGet(
  http: SupplierHttp,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  try {
    return await outboundRequest(http.out, url, {
      headers: { accept: 'application/json', ...headers },
      timeoutMs: http.timeoutMs,
      maxBytes: 5_000_000,
    });
  } catch (err) {
    if (isOutboundRefusal(err)) {
      throw new SupplierError('refused_address', `address not allowed: ${err.reason ?? 'refused'}`);
    }
    const code = (err as { code?: string; name?: string }).code ?? (err as { name?: string }).name ?? 'error';
    throw new SupplierError(
      'unavailable',
      code === 'TimeoutError' || code === 'ABORT_ERR' ? 'timeout' : `network: ${code}`,
    );
  }
}

/** The JSON object of an answer, or a SupplierError for anything else (an HTML error page, a 5xx). */
export function jsonObject(res: { status: number; text: string }): Record<string, unknown> {
  if (res.status === 429 || res.status >= 500) {
    throw new SupplierError('unavailable', `HTTP ${res.status}`);
  }
  let body: unknown;
  try {
    body = JSON.parse(res.text);
  } catch {
    throw new SupplierError('bad_answer', `HTTP ${res.status}: not JSON`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new SupplierError('bad_answer', `HTTP ${res.status}: not a JSON object`);
  }
  return body as Record<string, unknown>;
}
