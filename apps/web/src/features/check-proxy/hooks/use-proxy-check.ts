import { useEffect, useRef, useState } from 'react';
import { ApiError, isApiError } from '@/lib/api-error';
import { handleApiError } from '@/lib/error-handler';
import { checkProxies } from '../api/check-proxy';
import type { CheckProtocol, CheckResult } from '../utils/check-result';

export interface ProxyCheckState {
  results: CheckResult[];
  total: number;
  running: boolean;
  /** The run broke off on the server (its closing line carried an error). */
  failed: boolean;
}

const IDLE: ProxyCheckState = { results: [], total: 0, running: false, failed: false };

/** One run of the free checker at a time: results fill in as they stream; Stop aborts the request. */
export function useProxyCheck() {
  const [state, setState] = useState<ProxyCheckState>(IDLE);
  const controller = useRef<AbortController | null>(null);

  // Leaving the page stops the run.
  useEffect(() => () => controller.current?.abort(), []);

  const start = async (lines: string[], protocol: CheckProtocol) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setState({ results: [], total: lines.length, running: true, failed: false });
    try {
      const done = await checkProxies(
        { lines, protocol },
        (result) => setState((s) => ({ ...s, results: [...s.results, result] })),
        abort.signal,
      );
      setState((s) => ({ ...s, running: false, failed: Boolean(done.error) }));
      if (done.error) {
        handleApiError(new ApiError(done.error, 500));
      }
    } catch (error) {
      setState((s) => ({ ...s, running: false }));
      if (!abort.signal.aborted) {
        handleApiError(isApiError(error) ? error : new ApiError('', 0));
      }
    } finally {
      if (controller.current === abort) {
        controller.current = null;
      }
    }
  };

  const stop = () => {
    controller.current?.abort();
    setState((s) => ({ ...s, running: false }));
  };

  return { ...state, start, stop };
}
