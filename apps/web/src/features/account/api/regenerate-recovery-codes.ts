import { useMutation } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';

/** POST /api/user/regenerate-recovery-codes with a current code from the app: the new set, shown once. */
export function useRegenerateRecoveryCodes() {
  return useMutation({
    mutationFn: (body: CallBody<'POST /user/regenerate-recovery-codes'>) =>
      api.call('POST /user/regenerate-recovery-codes', { body }),
  });
}
