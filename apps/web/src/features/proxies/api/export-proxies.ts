import { useMutation } from '@tanstack/react-query';
import type { ProxyPreset, ProxyStatus } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { saveBlob } from '@/lib/files';
import type { ProxyType } from './list-proxies';

export const PROXY_EXPORT_FORMATS = ['txt', 'csv', 'json'] as const;
export type ProxyExportFormat = (typeof PROXY_EXPORT_FORMATS)[number];

export interface ExportProxiesInput {
  type: ProxyType;
  format: ProxyExportFormat;
  /** txt only: e.g. {host}:{port}:{username}:{password} */
  template?: string;
  /** A tool's import format (docs/tool-links.md#presets): Proxifier's is a .ppx profile. */
  preset?: ProxyPreset;
  status?: ProxyStatus;
  country?: string;
}

/** GET /api/{v6,v4}-proxy/export-all: a file, fetched with the bearer token and saved. */
export async function exportProxies({ type, ...query }: ExportProxiesInput): Promise<void> {
  const blob = await api.call(`GET /${type}-proxy/export-all`, { query, responseType: 'blob' });
  const ext = query.preset === 'proxifier' ? 'ppx' : query.preset ? 'txt' : query.format;
  saveBlob(blob, `proxies-${type}${query.preset ? `-${query.preset}` : ''}.${ext}`);
}

export function useExportProxies() {
  return useMutation({ mutationFn: exportProxies });
}
