import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../../lib/errors.js';
import {
  isBrowserUrlAllowed,
  isOutboundRefusal,
  outboundRequest,
  type OutboundResponse,
} from '../../../lib/outbound.js';
import type { ErrorCode } from '@proxy/contract';
import type { Created, ProviderEnv } from './types.js';

export interface HttpResult {
  status: number;
  text: string;
  json: unknown;
}

/**
 * A provider call with a timeout, to the admin-set base URL: only public addresses (lib/outbound),
 * no redirects. The answer is read whatever its status; a refused destination or a network
 * failure throws the method's error code, and nothing of a refused destination is echoed.
 */
export async function call(
  env: Pick<ProviderEnv, 'outbound'>,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
  errorCode: ErrorCode,
  timeoutMs = 15_000,
): Promise<HttpResult> {
  let res: OutboundResponse;
  try {
    res = await outboundRequest(env.outbound, url, { ...init, timeoutMs });
  } catch (err) {
    if (isOutboundRefusal(err)) {
      throw new AppError(errorCode, { reason: 'provider address not allowed' });
    }
    throw new AppError(errorCode, { reason: `provider unreachable (${err instanceof Error ? err.name : 'error'})` });
  }
  const text = res.text;
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: res.status, text, json };
}

/** The JSON object of a 2xx answer, else the method's error code (the provider's words go to the log only). */
export function okJson<T>(r: HttpResult, errorCode: ErrorCode, what: string): T {
  if (r.status < 200 || r.status >= 300 || r.json === null || typeof r.json !== 'object') {
    throw new AppError(errorCode, { reason: `${what}: HTTP ${r.status}` });
  }
  return r.json as T;
}

export function hmacSha256(key: string, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

export function md5Upper(data: string): string {
  return createHash('md5').update(data, 'utf8').digest('hex').toUpperCase();
}

/** Constant-time comparison of two strings (signatures). */
export function safeEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'utf8');
  const bb = Buffer.from(b, 'utf8');
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

export function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

/** JSON with object keys sorted at every level and no whitespace: the bytes bytepay signs. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    return `[${value.map(canonicalJson).join(',')}]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.keys(value as Record<string, unknown>)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

export function paymentError(reason: string): AppError {
  return new AppError('PAYMENT_ERROR', { reason });
}

/**
 * The URLs of a provider's answer that the payer's browser will open (redirectUrl, the form's
 * action) must be https (lib/outbound isBrowserUrlAllowed); anything else fails the creation.
 */
export function checkInstructionUrls(env: Pick<ProviderEnv, 'outbound'>, created: Created, errorCode: ErrorCode): void {
  const { redirectUrl, form } = created.instructions;
  for (const [name, value] of [
    ['redirectUrl', redirectUrl],
    ['form.action', form?.action],
  ] as const) {
    if (value != null && !isBrowserUrlAllowed(value, env.outbound)) {
      throw new AppError(errorCode, { reason: `provider answer: ${name} is not an https URL` });
    }
  }
}
