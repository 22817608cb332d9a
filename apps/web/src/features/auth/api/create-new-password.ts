import { useMutation } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';

export function createNewPassword(body: CallBody<'PUT /auth/create-new-password'>) {
  return api.call('PUT /auth/create-new-password', { body });
}

/** PUT /api/auth/create-new-password */
export function useCreateNewPassword() {
  return useMutation({ mutationFn: createNewPassword });
}
