import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveBlob } from '@/lib/files';

export const KEY_EXPORT_FORMATS = ['txt', 'json'] as const;
export type KeyExportFormat = (typeof KEY_EXPORT_FORMATS)[number];

/** GET /api/key/export-all?format=: every key with its current line, saved as a file. */
export async function exportKeys(format: KeyExportFormat): Promise<void> {
  const blob = await api.call('GET /key/export-all', { query: { format }, responseType: 'blob' });
  saveBlob(blob, `keys.${format}`);
}

export function useExportKeys() {
  return useMutation({ mutationFn: exportKeys });
}
