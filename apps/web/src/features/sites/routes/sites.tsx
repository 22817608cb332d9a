import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import AddOutlined from '@mui/icons-material/AddOutlined';
import type { TSiteAdmin } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { PagedDataGrid } from '@/components/data-grid';
import { PageHeader } from '@/components/page-header';
import { SearchField } from '@/components/search-field';
import { useSearchPaging } from '@/hooks/use-paging';
import { useSitesAdmin } from '../api/sites-admin';
import { SettingChangesGrid } from '../components/setting-changes-grid';
import { useSiteColumns } from '../components/site-columns';
import { SiteFormDialog } from '../components/site-form-dialog';

/** /admin/sites (owner): every white-label site with its hosts; create, edit, change history. */
export function AdminSitesRoute() {
  const { t } = useTranslation();
  const { paging, searchText, search, setSearchText } = useSearchPaging();
  const list = useSitesAdmin({ page: paging.page, limit: paging.limit, search });
  // The catalogue sources a new site may copy from (a hundred sites is far more than a seller runs).
  const all = useSitesAdmin({ page: 1, limit: 100, search: '' });
  const [editing, setEditing] = useState<string | null>(null);
  const [historyOf, setHistoryOf] = useState<TSiteAdmin | null>(null);
  const editedSite = list.data?.items.find((s) => s.id === editing) ?? null;

  const columns = useSiteColumns({ onEdit: (site) => setEditing(site.id), onHistory: setHistoryOf });

  return (
    <>
      <PageHeader
        title={t('sites.title')}
        actions={
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            onClick={() => setEditing('new')}
            data-testid="site-add"
          >
            {t('sites.add')}
          </Button>
        }
      />
      <SearchField
        placeholder={t('sites.searchHint')}
        value={searchText}
        onChange={setSearchText}
        testId="sites-search"
        sx={{ mb: 2, maxWidth: { sm: 420 } }}
        fullWidth
      />
      <PagedDataGrid testId="sites-grid" list={list} paging={paging} columns={columns} />
      {(editing === 'new' || editedSite) && (
        <SiteFormDialog
          key={editing}
          site={editing === 'new' ? null : editedSite}
          sites={all.data?.items ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      {historyOf && (
        <Dialog open onClose={() => setHistoryOf(null)} fullWidth maxWidth="lg">
          <DialogTitle>{t('sites.historyOf', { title: historyOf.title })}</DialogTitle>
          <DialogContent>
            <SettingChangesGrid siteId={historyOf.id} />
          </DialogContent>
        </Dialog>
      )}
    </>
  );
}
