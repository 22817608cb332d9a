import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function rotateNodeSecret(id: string) {
  return api.call('POST /sub-server/admin/rotate-secret/:id', { params: { id } });
}

/** POST /api/sub-server/admin/rotate-secret/:id: a new secret (shown once); the old one stops working. */
export function useRotateNodeSecret() {
  return useMutation({ mutationFn: rotateNodeSecret });
}
