import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { PRODUCTS, type Product } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@/components/page-spinner';
import { countryName, formatNumber } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useAddNodeEgress } from '../api/add-node-egress';
import { useDeleteNodeEgress } from '../api/delete-node-egress';
import { useNodeEgress, type TEgressGroup } from '../api/list-node-egress';
import type { TNode } from '../api/list-nodes';
import { egressBody, type EgressKind } from '../utils/node-form';

const KINDS: EgressKind[] = ['ips', 'cidr', 'prefix', 'shared'];

/** The pool list answers a group's product as a plain string; pools are only ever added per product. */
const productOf = (g: TEgressGroup) => g.product as Product;

function RemovePoolButton({ node, group }: { node: TNode; group: TEgressGroup }) {
  const { t } = useTranslation();
  const remove = useDeleteNodeEgress();
  return (
    <Tooltip title={t('admin.nodes.removePool')}>
      <IconButton
        size="small"
        color="error"
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(
            { id: node.id, product: productOf(group), country: group.country },
            { onSuccess: () => notifySuccess(t('admin.nodes.poolRemoved')) },
          )
        }
        data-testid="node-pool-remove"
      >
        <DeleteOutline fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

const groupKey = (g: TEgressGroup) => `${g.product}-${g.country}-${g.kind}-${g.family}`;

/** On a phone each pool is a block: five columns do not fit 390 px without wrapping every word. */
function GroupBlocks({ node, groups }: { node: TNode; groups: TEgressGroup[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack spacing={1} data-testid="node-pools-table">
      {groups.map((g) => (
        <Paper key={groupKey(g)} variant="outlined" sx={{ p: 1.5 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t(`common.product.${productOf(g)}`)} · {countryName(g.country, i18n.language)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t(`admin.nodes.kinds.${g.kind}`)} (IPv{g.family}) · {t('admin.nodes.inUse')}: {formatNumber(g.held)} /{' '}
                {formatNumber(g.total)}
              </Typography>
              <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {g.sample}
              </Typography>
            </Box>
            <RemovePoolButton node={node} group={g} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function GroupsTable({ node, groups }: { node: TNode; groups: TEgressGroup[] }) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (groups.length === 0) {
    return <Alert severity="info">{t('admin.nodes.noPools')}</Alert>;
  }
  if (phone) {
    return <GroupBlocks node={node} groups={groups} />;
  }
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" data-testid="node-pools-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('admin.nodes.product')}</TableCell>
            <TableCell>{t('common.country')}</TableCell>
            <TableCell>{t('admin.nodes.kind')}</TableCell>
            <TableCell align="right">{t('admin.nodes.inUse')}</TableCell>
            <TableCell>{t('admin.nodes.sample')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {groups.map((g) => (
            <TableRow key={groupKey(g)}>
              <TableCell>{t(`common.product.${productOf(g)}`)}</TableCell>
              <TableCell>{countryName(g.country, i18n.language)}</TableCell>
              <TableCell>
                {t(`admin.nodes.kinds.${g.kind}`)} (IPv{g.family})
              </TableCell>
              <TableCell align="right">
                {formatNumber(g.held)} / {formatNumber(g.total)}
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{g.sample}</TableCell>
              <TableCell padding="checkbox">
                <RemovePoolButton node={node} group={g} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

interface PoolDraft {
  product: Product;
  country: string;
  kind: EgressKind;
  value: string;
}

/** The new pool: its product, country, what kind of addresses, and the addresses. */
function PoolFields({ draft, onChange }: { draft: PoolDraft; onChange: (patch: Partial<PoolDraft>) => void }) {
  const { t } = useTranslation();
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 6, sm: 3 }}>
        <TextField
          select
          size="small"
          fullWidth
          label={t('admin.nodes.product')}
          value={draft.product}
          onChange={(event) => onChange({ product: event.target.value as Product })}
          slotProps={{ htmlInput: { 'data-testid': 'pool-product' } }}
        >
          {PRODUCTS.map((p) => (
            <MenuItem key={p} value={p}>
              {t(`common.product.${p}`)}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 6, sm: 3 }}>
        <TextField
          size="small"
          fullWidth
          label={t('common.country')}
          placeholder="VN"
          value={draft.country}
          onChange={(event) => onChange({ country: event.target.value.toUpperCase().slice(0, 2) })}
          // The label stays above the field, so the placeholder (an example) never sits under it.
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { maxLength: 2, 'data-testid': 'pool-country' },
          }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          select
          size="small"
          fullWidth
          label={t('admin.nodes.kind')}
          value={draft.kind}
          onChange={(event) => onChange({ kind: event.target.value as EgressKind })}
          slotProps={{ htmlInput: { 'data-testid': 'pool-kind' } }}
        >
          {KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`admin.nodes.addKinds.${k}`)}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={12}>
        <TextField
          size="small"
          fullWidth
          multiline={draft.kind === 'ips'}
          minRows={draft.kind === 'ips' ? 3 : undefined}
          label={t(`admin.nodes.addKinds.${draft.kind}`)}
          placeholder={t(`admin.nodes.placeholders.${draft.kind}`)}
          value={draft.value}
          onChange={(event) => onChange({ value: event.target.value })}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { spellCheck: false, 'data-testid': 'pool-value' },
          }}
        />
      </Grid>
    </Grid>
  );
}

/** The egress pools of a node: addresses per product and country; add IPs, a CIDR, a prefix or a shared address. */
export function NodePoolsDialog({ node, onClose }: { node: TNode; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const groups = useNodeEgress(node.id);
  const add = useAddNodeEgress();
  const [draft, setDraft] = useState<PoolDraft>({ product: 'v4', country: '', kind: 'ips', value: '' });

  const submit = () => {
    const { product, country, kind, value } = draft;
    const body = egressBody(kind, value);
    if (!/^[A-Za-z]{2}$/.test(country.trim()) || !body) {
      notifyError(t('admin.nodes.poolInvalid'));
      return;
    }
    add.mutate(
      { id: node.id, product, country: country.trim().toUpperCase(), ...body },
      {
        onSuccess: () => {
          notifySuccess(t('admin.nodes.poolAdded'));
          setDraft((d) => ({ ...d, value: '' }));
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} data-testid="node-pools-dialog">
      <DialogTitle>{t('admin.nodes.poolsTitle', { name: node.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={3} sx={{ pt: 1 }}>
          {groups.data ? <GroupsTable node={node} groups={groups.data} /> : <PageSpinner />}
          <Stack spacing={2}>
            <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
              {t('admin.nodes.addPool')}
            </Typography>
            <PoolFields draft={draft} onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))} />
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('common.close')}</Button>
        <Button variant="contained" onClick={submit} loading={add.isPending} data-testid="pool-add">
          {t('admin.nodes.addPool')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
