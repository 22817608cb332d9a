import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { muiField } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { ActiveSwitch } from '@/components/active-switch';
import { useCreateNode, type NodeCredentials } from '../api/create-node';
import type { TNode } from '../api/list-nodes';
import { useUpdateNode } from '../api/update-node';
import { ZNodeForm } from '../utils/node-form';

interface NodeFormFields {
  name: string;
  host: string;
  portFrom: string;
  portTo: string;
  ipv6Prefix: string;
  active: boolean;
}

interface NodeFormDialogProps {
  /** Absent: a new node. */
  node?: TNode;
  onClose: () => void;
  /** A new node's id and secret, to show once. */
  onCreated: (credentials: NodeCredentials) => void;
}

/** A new node gets the defaults: the port range 20000-29999, on. */
function nodeDefaults(node?: TNode): NodeFormFields {
  return {
    name: node?.name ?? '',
    host: node?.host ?? '',
    portFrom: String(node?.portFrom ?? 20000),
    portTo: String(node?.portTo ?? 29999),
    ipv6Prefix: node?.ipv6Prefix ?? '',
    active: node ? node.status === 'active' : true,
  };
}

/** Checks the form, then creates the node or saves the edit. */
function useSaveNode({ node, onClose, onCreated }: NodeFormDialogProps) {
  const { t } = useTranslation();
  const create = useCreateNode();
  const update = useUpdateNode();
  const save = ({ active, ...values }: NodeFormFields) => {
    const parsed = ZNodeForm.safeParse(values);
    if (!parsed.success) {
      const portRange = parsed.error.issues.some((i) => i.message === 'portRange');
      notifyError(t(portRange ? 'admin.nodes.portRangeInvalid' : 'admin.nodes.formInvalid'));
      return;
    }
    if (node) {
      update.mutate(
        { id: node.id, ...parsed.data, status: active ? 'active' : 'disabled' },
        {
          onSuccess: () => {
            notifySuccess(t('common.updated'));
            onClose();
          },
        },
      );
    } else {
      create.mutate(parsed.data, { onSuccess: onCreated });
    }
  };
  return { save, pending: create.isPending || update.isPending };
}

/** Adding a gateway node, or editing one: name, public host, port range, IPv6 prefix, on/off. */
export function NodeFormDialog({ node, onClose, onCreated }: NodeFormDialogProps) {
  const { t } = useTranslation();
  const { save, pending } = useSaveNode({ node, onClose, onCreated });
  const { register, control, handleSubmit } = useForm<NodeFormFields>({ defaultValues: nodeDefaults(node) });

  const submit = handleSubmit(save);

  return (
    <FormDialog
      title={node ? t('admin.nodes.editTitle', { name: node.name }) : t('admin.nodes.add')}
      testId="node-form-dialog"
      maxWidth="sm"
      submitLabel={node ? t('common.save') : t('admin.nodes.create')}
      submitTestId="node-submit"
      loading={pending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...muiField(register('name'))}
            label={t('admin.nodes.name')}
            fullWidth
            required
            autoFocus
            slotProps={{ htmlInput: { maxLength: 60, 'data-testid': 'node-name' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...muiField(register('host'))}
            label={t('admin.nodes.host')}
            helperText={t('admin.nodes.hostHelp')}
            fullWidth
            required
            slotProps={{ htmlInput: { maxLength: 255, 'data-testid': 'node-host' } }}
          />
        </Grid>
        <Grid size={{ xs: 6 }}>
          <TextField
            {...muiField(register('portFrom'))}
            label={t('admin.nodes.portFrom')}
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'node-port-from' } }}
          />
        </Grid>
        <Grid size={{ xs: 6 }}>
          <TextField
            {...muiField(register('portTo'))}
            label={t('admin.nodes.portTo')}
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'node-port-to' } }}
          />
        </Grid>
        <Grid size={12}>
          <TextField
            {...muiField(register('ipv6Prefix'))}
            label={t('admin.nodes.ipv6Prefix')}
            placeholder="2001:db8:1::/48"
            helperText={t('admin.nodes.ipv6PrefixHelp')}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 64, 'data-testid': 'node-ipv6-prefix' } }}
          />
        </Grid>
        {node && (
          <Grid size={12}>
            <ActiveSwitch control={control} label={t('admin.nodes.activeLabel')} testId="node-active" />
          </Grid>
        )}
      </Grid>
    </FormDialog>
  );
}
