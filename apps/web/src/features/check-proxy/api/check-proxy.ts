import { api, type CallBody } from '@/lib/api-client';
import { readNdjson } from '@/lib/ndjson';
import { isCheckDone, isCheckResult, type CheckDone, type CheckResult } from '../utils/check-result';

export type CheckProxyInput = CallBody<'POST /tools/check-proxy'>;

/**
 * POST /api/tools/check-proxy {lines, protocol}: the answer is NDJSON, one result per proxy as it
 * finishes and then {done:N}. Read with fetch and a stream reader (the bearer token is sent by the
 * API client) so each result shows as soon as it arrives.
 */
export async function checkProxies(
  input: CheckProxyInput,
  onResult: (result: CheckResult) => void,
  signal?: AbortSignal,
): Promise<CheckDone> {
  const res = await api.call('POST /tools/check-proxy', {
    body: input,
    signal,
    headers: { Accept: 'application/x-ndjson' },
    responseType: 'stream',
  });
  let done: CheckDone = { done: 0 };
  if (!res.body) {
    return done;
  }
  await readNdjson(
    res.body,
    (value) => {
      if (isCheckResult(value)) {
        onResult(value);
      } else if (isCheckDone(value)) {
        done = value;
      }
    },
    signal,
  );
  return done;
}
