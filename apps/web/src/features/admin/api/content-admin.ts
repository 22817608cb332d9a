import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TDownloads,
  TLanding,
  TLandingUpdate,
  TMaintenance,
  TSupportInfo,
  TTutorialAdmin,
  TTutorialInput,
} from '@proxy/contract';
import { api } from '@/lib/api-client';
import { refreshSiteInfo } from '@/lib/site-info';
import { siteQueryKey } from '@/lib/query-client';
import { sitesAdminQueryKey } from './sites-admin';

/** The content CMS calls (docs/wire-contract.md#site-content); the public caches are refreshed after each save. */
const landingKey = siteQueryKey('landing');
const supportKey = siteQueryKey('support');
const downloadsKey = siteQueryKey('downloads');
const tutorialsAdminKey = ['admin', 'tutorials'] as const;
const maintenanceKey = ['admin', 'maintenance'] as const;

export function useAdminLanding() {
  return useQuery({ queryKey: landingKey, queryFn: () => api.get<TLanding>('/landing/detail') });
}

export function useUpdateLanding() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: TLandingUpdate }) =>
      api.put<TLanding>(`/landing/update/${id}`, patch),
    onSuccess: (landing) => qc.setQueryData(landingKey, landing),
  });
}

export function useAdminSupport() {
  return useQuery({ queryKey: supportKey, queryFn: () => api.get<TSupportInfo>('/support/support-info') });
}

export function useSaveSupport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (info: TSupportInfo) => api.post<TSupportInfo>('/support/admin/add-support', info),
    onSuccess: (info) => qc.setQueryData(supportKey, info),
  });
}

export function useAdminDownloads() {
  return useQuery({ queryKey: downloadsKey, queryFn: () => api.get<TDownloads>('/tools/downloads') });
}

export function useSaveDownloads() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: TDownloads) => api.put<TDownloads>('/tools/admin/downloads', d),
    onSuccess: (d) => qc.setQueryData(downloadsKey, d),
  });
}

export function useAdminTutorials() {
  return useQuery({ queryKey: tutorialsAdminKey, queryFn: () => api.get<TTutorialAdmin[]>('/tutorial/admin/list') });
}

export function useSaveTutorial() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TTutorialInput }) =>
      id
        ? api.put<TTutorialAdmin>(`/tutorial/admin/update/${id}`, input)
        : api.post<TTutorialAdmin>('/tutorial/admin/create', input),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: tutorialsAdminKey });
      await qc.invalidateQueries({ queryKey: siteQueryKey('tutorials') });
    },
  });
}

export function useDeleteTutorial() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/tutorial/admin/delete/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: tutorialsAdminKey }),
  });
}

export function useAdminMaintenance() {
  return useQuery({ queryKey: maintenanceKey, queryFn: () => api.call('GET /setting/admin/maintenance') });
}

export function useSaveMaintenance() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (m: TMaintenance) => api.call('PUT /setting/admin/maintenance', { body: m }),
    onSuccess: async (m) => {
      qc.setQueryData(maintenanceKey, m);
      await refreshSiteInfo();
      await qc.invalidateQueries({ queryKey: sitesAdminQueryKey });
    },
  });
}
