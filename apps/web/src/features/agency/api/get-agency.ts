import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type CallAnswer } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

/** Every agency query starts with this root, so a change refreshes them all. */
export const agencyQueryKey = ['agency'] as const;

/** GET /api/agency/detail: the caller's agency, or null while they have none (404 AGENCY_NOT_EXISTS). */
export async function getMyAgency(): Promise<CallAnswer<'GET /agency/detail'> | null> {
  try {
    return await api.call('GET /agency/detail');
  } catch (err) {
    if (err instanceof ApiError && err.code === 'AGENCY_NOT_EXISTS') {
      return null;
    }
    throw err;
  }
}

export const myAgencyQueryOptions = () =>
  queryOptions({ queryKey: [...agencyQueryKey, 'detail'], queryFn: getMyAgency });

/**
 * The caller's agency; asked for only when `me.ownerAgency` says there is one, so a user without
 * an agency makes no failing call.
 */
export function useMyAgency(owns: boolean) {
  return useQuery({ ...myAgencyQueryOptions(), enabled: owns });
}
