import { useState } from 'react';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { AppDataGrid } from '@/components/data-grid';
import { PageHeader } from '@/components/page-header';
import type { NodeCredentials } from '../api/create-node';
import { useNodes, type TNode } from '../api/list-nodes';
import { useRotateNodeSecret } from '../api/rotate-node-secret';
import { useNodeColumns, type NodeAction } from '../components/node-columns';
import { NodeFormDialog } from '../components/node-form-dialog';
import { NodePoolsDialog } from '../components/node-pools-dialog';
import { NodeSecretDialog } from '../components/node-secret-dialog';

type Open =
  { action: NodeAction; node: TNode } | { action: 'create' } | { action: 'secret'; credentials: NodeCredentials };

/** /admin/nodes (owner only): the gateway nodes that serve the sold proxies, and their egress pools. */
export function AdminNodesRoute() {
  const { t } = useTranslation();
  const nodes = useNodes();
  const rotate = useRotateNodeSecret();
  const [open, setOpen] = useState<Open | null>(null);
  const columns = useNodeColumns((action, node) => setOpen({ action, node }));
  const close = () => setOpen(null);

  return (
    <>
      <PageHeader
        title={t('admin.nodes.title')}
        actions={
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            onClick={() => setOpen({ action: 'create' })}
            data-testid="node-add"
          >
            {t('admin.nodes.add')}
          </Button>
        }
      />
      <AppDataGrid
        testId="nodes-grid"
        rows={nodes.data ?? []}
        columns={columns}
        loading={nodes.isFetching && !nodes.data}
        hideFooter={(nodes.data?.length ?? 0) <= 25}
      />
      {(open?.action === 'create' || open?.action === 'edit') && (
        <NodeFormDialog
          node={open.action === 'edit' ? open.node : undefined}
          onClose={close}
          onCreated={(credentials) => setOpen({ action: 'secret', credentials })}
        />
      )}
      {open?.action === 'pools' && <NodePoolsDialog node={open.node} onClose={close} />}
      {open?.action === 'rotate' && (
        <ConfirmDialog
          open
          danger
          title={t('admin.nodes.rotate')}
          confirmLabel={t('admin.nodes.rotate')}
          onConfirm={() =>
            rotate.mutate(open.node.id, {
              onSuccess: ({ secret }) => setOpen({ action: 'secret', credentials: { id: open.node.id, secret } }),
            })
          }
          onClose={close}
          loading={rotate.isPending}
          testId="node-rotate-dialog"
        >
          <DialogContentText>{t('admin.nodes.rotateMessage', { name: open.node.name })}</DialogContentText>
        </ConfirmDialog>
      )}
      {open?.action === 'secret' && (
        <NodeSecretDialog id={open.credentials.id} secret={open.credentials.secret} onClose={close} />
      )}
    </>
  );
}
