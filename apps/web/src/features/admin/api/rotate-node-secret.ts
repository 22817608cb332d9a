import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function rotateNodeSecret(id: string): Promise<{ secret: string }> {
  return api.post<{ secret: string }>(`/sub-server/admin/rotate-secret/${id}`);
}

/** POST /api/sub-server/admin/rotate-secret/:id: a new secret (shown once); the old one stops working. */
export function useRotateNodeSecret() {
  return useMutation({ mutationFn: rotateNodeSecret });
}
