import { MAX_AUTH_IPS, RESET_INTERVAL_MAX, RESET_INTERVAL_MIN, ZProxyPassword } from '@proxy/contract';
import { z } from 'zod';

export type AuthIpProblem = 'authIpEmpty' | 'authIpTooMany' | 'authIpInvalid';

/** docs/product-rules.md#auth-ips: one IPv4 per line; blank lines are ignored and repeats count once. */
export function parseAuthIps(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
}

const ipv4 = z.ipv4();

/** docs/product-rules.md#auth-ips: not empty, at most 3, each an IPv4 address. */
export function authIpProblem(ips: readonly string[]): AuthIpProblem | null {
  if (ips.length === 0) {
    return 'authIpEmpty';
  }
  if (ips.length > MAX_AUTH_IPS) {
    return 'authIpTooMany';
  }
  return ips.every((ip) => ipv4.safeParse(ip).success) ? null : 'authIpInvalid';
}

/** docs/product-rules.md#proxy-passwords: 10–20 letters and digits (the contract's ZProxyPassword). */
export function isValidProxyPassword(password: string): boolean {
  return ZProxyPassword.safeParse(password).success;
}

/** docs/product-rules.md#rotation: a whole number of minutes from 15 to 1000. */
export function isValidResetInterval(minutes: number): boolean {
  return Number.isInteger(minutes) && minutes >= RESET_INTERVAL_MIN && minutes <= RESET_INTERVAL_MAX;
}

/** The interval the IP-change-mode dialog offers when none of the chosen proxies has one. */
export const DEFAULT_RESET_INTERVAL_MIN = 30;

/**
 * What the IP-change-mode dialog starts with for these proxies: their common mode (and, for automatic,
 * their common interval), so opening the dialog and saving changes nothing. A selection that differs
 * preselects no mode, so the customer must choose one.
 */
export function initialIpMode(
  proxies: readonly { ipChangeMode: 'auto' | 'manual'; changeIntervalMin: number | null }[],
): { mode: 'auto' | 'manual' | null; intervalMin: number } {
  const modes = new Set(proxies.map((p) => p.ipChangeMode));
  const intervals = new Set(proxies.filter((p) => p.ipChangeMode === 'auto').map((p) => p.changeIntervalMin));
  const [only] = intervals;
  const intervalMin = intervals.size === 1 && only != null ? only : DEFAULT_RESET_INTERVAL_MIN;
  if (modes.size !== 1 || intervals.size > 1) {
    return { mode: null, intervalMin };
  }
  return { mode: [...modes][0]!, intervalMin };
}

export { renewCost } from '@/lib/catalog/renewal';
