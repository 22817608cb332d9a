import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type CallBody, type CallQuery } from '@/lib/api-client';
import { sitesAdminQueryKey } from '@/lib/query-keys';
import { refreshSiteInfo } from '@/lib/site-info';

/** docs/wire-contract.md#sites: /api/site/admin/… */

type ListParams = CallQuery<'GET /site/admin/list-site'>;

/** GET list-site (owner): every site with its hosts, paged. */
export function useSitesAdmin(params: ListParams) {
  return useQuery({
    queryKey: [...sitesAdminQueryKey, 'list', params],
    queryFn: () => api.call('GET /site/admin/list-site', { query: params }),
    placeholderData: keepPreviousData,
  });
}

/** GET my-site: the site the admin's host selects (/admin/config). */
export function useMySite() {
  return useQuery({
    queryKey: [...sitesAdminQueryKey, 'mine'],
    queryFn: () => api.call('GET /site/admin/my-site'),
  });
}

/** GET list-setting-change: a site's audited settings changes, newest first. */
export function useSettingChanges(params: CallQuery<'GET /site/admin/list-setting-change'>) {
  return useQuery({
    queryKey: [...sitesAdminQueryKey, 'changes', params],
    queryFn: () => api.call('GET /site/admin/list-setting-change', { query: params }),
    placeholderData: keepPreviousData,
  });
}

/** After any change: the lists, the history and the branding the shell shows. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: sitesAdminQueryKey }), refreshSiteInfo()]);
}

export function useCreateSite() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CallBody<'POST /site/admin/create-site'>) => api.call('POST /site/admin/create-site', { body }),
    onSuccess: refresh,
  });
}

export function useUpdateSite() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CallBody<'PUT /site/admin/update-site/:id'> }) =>
      api.call('PUT /site/admin/update-site/:id', { params: { id }, body }),
    onSuccess: refresh,
  });
}

/** POST upload-logo/:id with the file's bytes as base64. */
export function useUploadLogo() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, file }: { id: string; file: File }) => {
      const bytes = new Uint8Array(await file.arrayBuffer());
      let binary = '';
      for (const byte of bytes) {
        binary += String.fromCharCode(byte);
      }
      return api.call('POST /site/admin/upload-logo/:id', { params: { id }, body: { data: btoa(binary) } });
    },
    onSuccess: refresh,
  });
}
