import { z } from 'zod';

/** docs/wire-contract.md#developer-api: the developer API's key, allowed IPs and limit. */

/** How many addresses a key may be used from (docs/product-rules.md#auth-ips). */
export const MAX_API_ALLOWED_IPS = 3;
/** The default per-key limit per minute; a site setting (`apiRateLimitPerMin`) overrides it. */
export const API_RATE_LIMIT = { default: 120, min: 1, max: 100_000 } as const;

/** GET /api/api/info. `apiKey` is masked (its first and last characters); null before the first generate. */
export const ZApiInfo = z.object({
  apiKey: z.string().nullable(),
  allowedIps: z.array(z.string()),
  requestsToday: z.number().int(),
  rateLimitPerMin: z.number().int(),
});
export type TApiInfo = z.infer<typeof ZApiInfo>;

/** PUT /api/api/allowed-ips: 1 to 3 IPv4 addresses; the server refuses others with INVALID_IP. */
export const ZAllowedIpsRequest = z.object({
  allowedIps: z.array(z.string().trim().max(64)).min(1).max(16),
});
export type TAllowedIpsRequest = z.infer<typeof ZAllowedIpsRequest>;
/** PUT /api/api/allowed-ips answers the addresses now allowed. */
export const ZAllowedIpsResponse = z.object({ allowedIps: z.array(z.string()) });

/**
 * The allowed-IPs field as a person types it (comma-separated, docs/product-rules.md#auth-ips): the addresses, or null
 * when the text is not 1–3 distinct IPv4 addresses.
 */
export function parseAllowedIps(text: string): string[] | null {
  const ips = [
    ...new Set(
      text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (ips.length === 0 || ips.length > MAX_API_ALLOWED_IPS || !ips.every(isIPv4Text)) {
    return null;
  }
  return ips;
}

/** A dotted-quad IPv4 address without leading zeros (works in the browser, unlike node:net). */
export function isIPv4Text(s: string): boolean {
  return /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/.test(s);
}
