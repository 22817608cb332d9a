import type {
  EndpointAnswer,
  EndpointBody,
  EndpointInput,
  EndpointKey,
  EndpointQuery,
  Endpoints,
  TTokens,
} from '@proxy/contract';
import { paths } from '@/config/paths';
import { ApiError } from './api-error';
import { readErrorBody } from './first-load-schemas';
import { read } from './plain-reader';
import { endSession } from './end-session';
import { navigateTo } from './navigation';
import { accessTokenDue, getAccessToken, getRefreshToken, setTokens } from './session';

const API_BASE = '/api';

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * 'blob' for files (exports): the body is answered as is instead of parsed as JSON.
   * 'stream': the Response itself, to read a streamed body (NDJSON) as it arrives.
   */
  responseType?: 'json' | 'blob' | 'stream';
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE}${path}`;
  if (!query) {
    return url;
  }
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') {
      params.set(key, String(value));
    }
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) {
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function toApiError(res: Response): Promise<ApiError> {
  const body = read(readErrorBody, await readJson(res));
  return body ? new ApiError(body.message, res.status, body.data) : new ApiError('', res.status);
}

function send(method: string, path: string, options: RequestOptions, token: string | null) {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
  }
  if (token) {
    headers.Authorization = `Bearer ${token}`;
  }
  return fetch(buildUrl(path, options.query), {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
}

/** The Web Lock every tab of this origin takes to renew, so a refresh token is presented once. */
const RENEWAL_LOCK = 'proxy-panel:token-renewal';

/** Runs `task` holding the renewal lock of all tabs (where the browser has Web Locks). */
function withRenewalLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request(RENEWAL_LOCK, task) as Promise<T>) : task();
}

/** The server refused the refresh token (spent, revoked, unknown): the session is over. */
function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/** One renewal at a time in this tab: concurrent requests that need one share it. */
let renewal: Promise<string> | null = null;

/**
 * Renews the access token that `stale` was (docs/product-rules.md#session). Across tabs one
 * renewal runs at a time; a tab that waited for another's finds the new tokens in storage and
 * uses them instead of presenting the refresh token again.
 */
function renewAccessToken(stale: string | null): Promise<string> {
  renewal ??= withRenewalLock(async () => {
    const current = getAccessToken();
    if (current && current !== stale && !accessTokenDue()) {
      return current;
    }
    const refreshToken = getRefreshToken();
    if (!refreshToken) {
      throw new ApiError('INVALID_TOKEN', 401);
    }
    const res = await send('POST', '/auth/renew-token', { body: { refreshToken } }, null);
    if (!res.ok) {
      throw await toApiError(res);
    }
    const tokens = (await readJson(res)) as TTokens;
    setTokens(tokens);
    return tokens.accessToken;
  }).finally(() => {
    renewal = null;
  });
  return renewal;
}

/**
 * The access token to send: renewed first when it is about to expire, so a page opened after a
 * pause makes no request that is refused as expired. Null for a visitor.
 */
export async function freshAccessToken(): Promise<string | null> {
  const token = getAccessToken();
  if (!token || !accessTokenDue()) {
    return token;
  }
  try {
    return await renewAccessToken(token);
  } catch (error) {
    if (isRefusal(error)) {
      endSession();
      throw error;
    }
    // Offline or a server error: the request goes out with the old token and reports its own error.
    return getAccessToken();
  }
}

async function request<T>(method: string, path: string, options: RequestOptions = {}, retried = false): Promise<T> {
  const token = path.startsWith('/auth/') ? getAccessToken() : await freshAccessToken();
  let res: Response;
  try {
    res = await send(method, path, options, token);
  } catch (cause) {
    if (options.signal?.aborted) {
      throw cause;
    }
    throw new ApiError('', 0);
  }
  if (res.ok) {
    if (options.responseType === 'stream') {
      return res as T;
    }
    return (options.responseType === 'blob' ? await res.blob() : await readJson(res)) as T;
  }

  const error = await toApiError(res);
  if (res.status === 401 && token) {
    endSession();
  } else if (res.status === 403 && error.code === 'TOKEN_EXPIRED' && token && !retried) {
    // docs/product-rules.md#session: renew with the refresh token, then retry once with the new bearer token.
    // A concurrent request may already have renewed it; then the retry alone is enough.
    if (getAccessToken() === token) {
      try {
        await renewAccessToken(token);
      } catch (renewError) {
        // A refused refresh token ends the session; a network failure (or a page unloading) does not.
        if (isRefusal(renewError)) {
          endSession();
        }
        throw error;
      }
    }
    return request<T>(method, path, options, true);
  } else if (res.status === 403 && error.code === 'FORBIDDEN') {
    // docs/product-rules.md#session: a role or site refusal sends the user back to the dashboard.
    navigateTo(paths.app.dashboard.getHref());
  }
  throw error;
}

/** What a registry call answers: its JSON answer, or a Blob for a file, the Response for a stream. */
export type CallAnswer<K extends EndpointKey> = Endpoints[K] extends { answer: 'file' }
  ? Blob
  : Endpoints[K] extends { answer: 'stream' }
    ? Response
    : EndpointAnswer<Endpoints[K]>;

/** A call's params, query and body (typed from its registry entry), and the request's own options. */
export type CallOptions<K extends EndpointKey> = EndpointInput<Endpoints[K]> &
  Pick<RequestOptions, 'headers' | 'signal'> &
  (Endpoints[K] extends { answer: 'file' }
    ? { responseType: 'blob' }
    : Endpoints[K] extends { answer: 'stream' }
      ? { responseType: 'stream' }
      : { responseType?: never });

/** The body of a registry call, e.g. `CallBody<'PUT /v6-proxy/change-password'>`. */
export type CallBody<K extends EndpointKey> = EndpointBody<Endpoints[K]>;
/** The query of a registry call. */
export type CallQuery<K extends EndpointKey> = EndpointQuery<Endpoints[K]>;

type CallArgs<K extends EndpointKey> =
  object extends CallOptions<K> ? [options?: CallOptions<K>] : [options: CallOptions<K>];

/**
 * A call of the endpoint registry (docs/wire-contract.md#registry), named by its key
 * (`'PUT /v6-proxy/change-password'`): its params, query, body and answer are typed from the
 * contract, and only the key string reaches the bundle (the registry is imported as types).
 */
const call = ((
  key: string,
  options: { params?: Record<string, string | number> } & RequestOptions = {},
): Promise<unknown> => {
  const { params, ...rest } = options;
  const space = key.indexOf(' ');
  const path = key.slice(space + 1).replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name])));
  return request(key.slice(0, space), path, rest);
}) as <K extends EndpointKey>(key: K, ...options: CallArgs<K>) => Promise<CallAnswer<K>>;

/** The request helper (docs/wire-contract.md#conventions): base /api, JSON, bearer token from the session. */
export const api = {
  call,
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('DELETE', path, { ...options, body }),
  /** A file (e.g. an export) fetched with the bearer token, with the same renewal and error rules. */
  download: (path: string, options?: RequestOptions) =>
    request<Blob>('GET', path, { ...options, responseType: 'blob' }),
};
