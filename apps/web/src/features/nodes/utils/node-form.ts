import { z } from 'zod';

const ZPort = z.coerce.number().int().min(1).max(65535);

/** A node as the admin types it (the server's create/update bodies); the port range must not be inverted. */
export const ZNodeForm = z
  .object({
    name: z.string().trim().min(1).max(60),
    host: z.string().trim().min(1).max(255),
    portFrom: ZPort,
    portTo: ZPort,
    ipv6Prefix: z
      .string()
      .trim()
      .max(64)
      .transform((v) => (v === '' ? null : v)),
  })
  .refine((v) => v.portFrom <= v.portTo, { path: ['portTo'], message: 'portRange' });
export type NodeFormValues = z.infer<typeof ZNodeForm>;

/** The run line of a new node (docs/operations.md#more-gateway-nodes): what to start on the node's machine. */
export function gatewayRunLine(id: string, secret: string, panelUrl: string): string {
  return `GATEWAY_NODE_ID=${id} GATEWAY_NODE_SECRET=${secret} PANEL_URL=${panelUrl} npm run gateway`;
}

export type EgressKind = 'ips' | 'cidr' | 'prefix' | 'shared';

/**
 * The body of add-egress from one kind and what was typed: IPv4 addresses (one per line, commas
 * or spaces also separate them), an IPv4 CIDR, an IPv6 prefix, or one shared address.
 */
export function egressBody(
  kind: EgressKind,
  text: string,
): { ips: string[] } | { cidr: string } | { prefix: string } | { shared: string } | null {
  const value = text.trim();
  if (!value) {
    return null;
  }
  switch (kind) {
    case 'ips': {
      const ips = [...new Set(value.split(/[\s,;]+/).filter(Boolean))];
      return ips.length ? { ips } : null;
    }
    case 'cidr':
      return /^\d{1,3}(\.\d{1,3}){3}\/\d{1,2}$/.test(value) ? { cidr: value } : null;
    case 'prefix':
      return /^[0-9a-fA-F:]+\/\d{1,3}$/.test(value) ? { prefix: value } : null;
    case 'shared':
      return /\s/.test(value) ? null : { shared: value };
  }
}
