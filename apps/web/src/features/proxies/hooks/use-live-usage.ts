import { useEffect, useState } from 'react';
import { ZUsageLiveEvent } from '@proxy/contract';
import { openAuthedEventStream } from '@/lib/realtime';
import { usageLiveUrl } from '../api/usage';

/** Seconds the live chart shows. */
export const LIVE_WINDOW_S = 60;

export interface LiveUsage {
  /** One entry per second, oldest first, the last one the current second. */
  seconds: Array<{ at: number; bytesIn: number; bytesOut: number }>;
  /** Bytes since the drawer opened. */
  totalIn: number;
  totalOut: number;
}

function emptyWindow(nowS: number): LiveUsage['seconds'] {
  return Array.from({ length: LIVE_WINDOW_S }, (_, i) => ({
    at: (nowS - LIVE_WINDOW_S + 1 + i) * 1000,
    bytesIn: 0,
    bytesOut: 0,
  }));
}

/** Moves the window to the second `nowS`, keeping the seconds still inside it. */
function shift(seconds: LiveUsage['seconds'], nowS: number): LiveUsage['seconds'] {
  const fresh = emptyWindow(nowS);
  const first = fresh[0]!.at;
  for (const s of seconds) {
    if (s.at >= first) {
      fresh[(s.at - first) / 1000] = s;
    }
  }
  return fresh;
}

/**
 * GET /api/usage/live for one proxy: the bytes it moved per second over the last minute, moving
 * every second. The stream carries all of the caller's proxies; the others are ignored.
 */
export function useLiveUsage(proxyId: string): LiveUsage {
  const [state, setState] = useState<LiveUsage>(() => ({
    seconds: emptyWindow(Math.floor(Date.now() / 1000)),
    totalIn: 0,
    totalOut: 0,
  }));

  useEffect(() => {
    const tick = window.setInterval(() => {
      setState((s) => ({ ...s, seconds: shift(s.seconds, Math.floor(Date.now() / 1000)) }));
    }, 1000);
    return () => window.clearInterval(tick);
  }, []);

  useEffect(() => {
    const onUsage = (message: MessageEvent) => {
      let data: unknown;
      try {
        data = JSON.parse(String(message.data));
      } catch {
        return;
      }
      const parsed = ZUsageLiveEvent.safeParse(data);
      if (!parsed.success || parsed.data.proxyId !== proxyId) {
        return;
      }
      const { bytesIn, bytesOut } = parsed.data;
      setState((s) => {
        const seconds = shift(s.seconds, Math.floor(Date.now() / 1000));
        const last = seconds[seconds.length - 1]!;
        seconds[seconds.length - 1] = { ...last, bytesIn: last.bytesIn + bytesIn, bytesOut: last.bytesOut + bytesOut };
        return { seconds, totalIn: s.totalIn + bytesIn, totalOut: s.totalOut + bytesOut };
      });
    };
    return openAuthedEventStream({ url: usageLiveUrl, listeners: { usage: onUsage } });
  }, [proxyId]);

  return state;
}
