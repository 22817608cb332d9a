import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CopyButton } from '@/components/copy-button';
import { notifySuccess } from '@/lib/notify';
import { useIssueLinks, useRevokeLinks, type TProxyLink } from '../api/tool-links';

/** A read-only URL in a field (selectable by hand) with its copy button. */
function LinkField({ label, url, testId }: { label: string; url: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <TextField
      size="small"
      fullWidth
      label={label}
      value={url}
      slotProps={{
        htmlInput: { readOnly: true, spellCheck: false, 'data-testid': testId, style: { fontFamily: 'monospace' } },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <CopyButton mark text={url} label={t('proxies.links.copy', { what: label })} testId={`${testId}-copy`} />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

interface ToolLinksPanelProps {
  /** The proxies (or keys) and how each is named in the list, e.g. host:port. */
  items: { id: string; name: string }[];
  /** Create (or show) the URLs as soon as the panel opens, rather than on a button. */
  auto?: boolean;
}

/** The issued URLs, each with its copy button (and, for several proxies, copy-all), and the revoke button. */
function IssuedLinks({
  links,
  items,
  onRevoke,
}: {
  links: TProxyLink[];
  items: ToolLinksPanelProps['items'];
  onRevoke: () => void;
}) {
  const { t } = useTranslation();
  const nameOf = new Map(items.map((u) => [u.id, u.name]));
  const many = items.length > 1;
  return (
    <Stack spacing={2}>
      {many && (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography variant="body2">{t('proxies.links.copyAll')}</Typography>
          <CopyButton
            mark
            text={links.map((l) => l.changeIpUrl).join('\n')}
            label={t('proxies.links.copyAllChange')}
            testId="tool-links-copy-all-change"
          />
          <CopyButton
            mark
            text={links.map((l) => l.currentUrl).join('\n')}
            label={t('proxies.links.copyAllCurrent')}
            testId="tool-links-copy-all-current"
          />
        </Stack>
      )}
      {links.map((link) => (
        <Stack key={link.proxyId} spacing={1.25} data-testid="tool-link" data-id={link.proxyId}>
          {many && (
            <Typography variant="subtitle2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              {nameOf.get(link.proxyId) ?? link.proxyId}
            </Typography>
          )}
          <LinkField label={t('proxies.links.changeIp')} url={link.changeIpUrl} testId="tool-link-change" />
          <LinkField label={t('proxies.links.current')} url={link.currentUrl} testId="tool-link-current" />
        </Stack>
      ))}
      <Box>
        <Button color="error" variant="outlined" onClick={onRevoke} data-testid="tool-links-revoke">
          {t('proxies.links.revoke')}
        </Button>
      </Box>
    </Stack>
  );
}

/**
 * docs/tool-links.md#per-proxy-urls: the change-IP and current-proxy URLs of some proxies, each
 * copied with one click, and their revocation. Asking for them again answers the same URLs.
 */
export function ToolLinksPanel({ items, auto = false }: ToolLinksPanelProps) {
  const { t } = useTranslation();
  const issue = useIssueLinks();
  const revoke = useRevokeLinks();
  const [links, setLinks] = useState<TProxyLink[] | null>(null);
  const [confirming, setConfirming] = useState(false);
  // After a revocation the focused button is gone: focus moves to "Create URLs", so the keyboard
  // (Escape closing the drawer or dialog) keeps working.
  const [revoked, setRevoked] = useState(false);
  const ids = items.map((u) => u.id);
  const create = () => issue.mutate(ids, { onSuccess: setLinks });
  const started = useRef(false);
  useEffect(() => {
    if (auto && !started.current) {
      started.current = true;
      create();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening: the URLs do not depend on later renders
  }, [auto]);

  return (
    <Box data-testid="tool-links">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('proxies.links.help')}
      </Typography>
      {issue.isPending && <LinearProgress sx={{ mb: 1 }} />}
      {!links && !issue.isPending && (
        <Button
          variant="outlined"
          startIcon={<LinkOutlined />}
          onClick={create}
          autoFocus={revoked}
          data-testid="tool-links-create"
        >
          {t('proxies.links.create', { count: items.length })}
        </Button>
      )}
      {links && <IssuedLinks links={links} items={items} onRevoke={() => setConfirming(true)} />}
      <ConfirmDialog
        open={confirming}
        title={t('proxies.links.revokeTitle')}
        confirmLabel={t('proxies.links.revoke')}
        danger
        loading={revoke.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          revoke.mutate(ids, {
            onSuccess: () => {
              setConfirming(false);
              setRevoked(true);
              setLinks(null);
              notifySuccess(t('proxies.links.revoked', { count: items.length }));
            },
          })
        }
        testId="tool-links-revoke-dialog"
      >
        <DialogContentText>{t('proxies.links.revokeMessage', { count: items.length })}</DialogContentText>
      </ConfirmDialog>
    </Box>
  );
}

/** The URLs of the chosen proxies in a dialog: a batch action, or a row's own link button. */
export function ToolLinksDialog({ items, onClose }: { items: { id: string; name: string }[]; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="tool-links-dialog">
      <DialogTitle>{t('proxies.links.title', { count: items.length })}</DialogTitle>
      <DialogContent>
        {items.length === 0 ? (
          <Alert severity="info">{t('proxies.needSelection')}</Alert>
        ) : (
          <Box sx={{ pt: 1 }}>
            <ToolLinksPanel items={items} auto />
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} data-testid="tool-links-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The section of a proxy's or key's details drawer with its URLs (created on a click, not on opening). */
export function ToolLinksSection({ item }: { item: { id: string; name: string } }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ py: 2, borderBottom: 1, borderColor: 'divider' }} data-testid="details-links">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {t('proxies.links.section')}
      </Typography>
      <ToolLinksPanel items={[item]} />
    </Box>
  );
}
