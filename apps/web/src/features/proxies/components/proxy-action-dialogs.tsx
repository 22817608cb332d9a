import DialogContentText from '@mui/material/DialogContentText';
import { PROXY_PRESETS, type TProxy } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useChangeProxyPassword } from '../api/change-proxy-password';
import { PROXY_EXPORT_FORMATS, useExportProxies } from '../api/export-proxies';
import type { ProxyType } from '../api/list-proxies';
import { useRenewProxies } from '../api/renew-proxies';
import { useResetIp } from '../api/reset-ip';
import { useSetAuthIp } from '../api/set-auth-ip';
import { useUpdateProxies } from '../api/update-proxies';
import { useUpdateResetIpType } from '../api/update-reset-ip-type';
import { AuthIpDialog } from './auth-ip-dialog';
import { CheckResultsDialog } from './check-results-dialog';
import { CommentDialog } from './comment-dialog';
import { ExportDialog } from './export-dialog';
import { IpModeDialog } from './ip-mode-dialog';
import { Ipv4FallbackDialog } from './ipv4-fallback';
import { PasswordDialog } from './password-dialog';
import { ToolLinksDialog } from './tool-links';
import { RenewItemsDialog } from '@/components/renew-items-dialog';
import { proxyAddress } from '@/lib/proxy-lines';
import { AutoRenewDialog, useActionEnd, type ItemAction } from './item-actions';

export type ProxyAction = ItemAction | 'authIp' | 'password' | 'resetIp' | 'ipMode' | 'check' | 'links' | 'fallback';

interface ProxyActionDialogsProps {
  type: ProxyType;
  action: ProxyAction;
  proxies: TProxy[];
  /** The list's filters, which the export follows. */
  exportFilters: { status?: TProxy['status']; country?: string };
  onDone: (changed: boolean) => void;
}

/** Who may use the proxies and how their address changes: allowed IPs, password, a new IP now, the IP mode. */
function AccessActionDialog({
  type,
  action,
  proxies,
  onDone,
}: Pick<ProxyActionDialogsProps, 'type' | 'proxies' | 'onDone'> & {
  action: 'authIp' | 'password' | 'resetIp' | 'ipMode';
}) {
  const { t } = useTranslation();
  const authIp = useSetAuthIp();
  const password = useChangeProxyPassword();
  const resetIp = useResetIp();
  const ipMode = useUpdateResetIpType();
  const listProxyId = proxies.map((p) => p.id);
  const count = proxies.length;
  const { close, done } = useActionEnd(onDone);

  switch (action) {
    case 'authIp':
      return (
        <AuthIpDialog
          count={count}
          initial={count === 1 ? (proxies[0]?.authIps ?? []) : []}
          pending={authIp.isPending}
          onClose={close}
          onConfirm={(ips) =>
            authIp.mutate({ type, listProxyId, authIp: ips }, { onSuccess: done(t('proxies.authIp.success')) })
          }
        />
      );
    case 'password':
      return (
        <PasswordDialog
          count={count}
          pending={password.isPending}
          onClose={close}
          onConfirm={(value) =>
            password.mutate({ type, listProxyId, password: value }, { onSuccess: done(t('proxies.password.success')) })
          }
        />
      );
    case 'resetIp':
      return (
        <ConfirmDialog
          open
          title={t('proxies.resetIp.title')}
          confirmLabel={t('proxies.actions.resetIp')}
          onConfirm={() =>
            resetIp.mutate(
              { type, listProxyId },
              { onSuccess: (res) => done(t('proxies.resetIp.success', { count: res.length }))() },
            )
          }
          onClose={close}
          loading={resetIp.isPending}
          testId="reset-ip-dialog"
        >
          <DialogContentText>{t('proxies.resetIp.message', { count })}</DialogContentText>
        </ConfirmDialog>
      );
    case 'ipMode':
      return (
        <IpModeDialog
          proxies={proxies}
          pending={ipMode.isPending}
          onClose={close}
          onConfirm={(choice) =>
            ipMode.mutate({ type, listProxyId, ...choice }, { onSuccess: done(t('common.updated')) })
          }
        />
      );
  }
}

/** The dialog of one batch action on the chosen proxies, and its call. */
export function ProxyActionDialogs({ type, action, proxies, exportFilters, onDone }: ProxyActionDialogsProps) {
  const { t } = useTranslation();
  const renew = useRenewProxies();
  const update = useUpdateProxies();
  const exporter = useExportProxies();
  const listProxyId = proxies.map((p) => p.id);
  const count = proxies.length;
  const { close, done } = useActionEnd(onDone);

  switch (action) {
    case 'renew':
      return (
        <RenewItemsDialog
          product={type}
          items={proxies}
          pending={renew.isPending}
          onClose={close}
          onConfirm={(period) =>
            renew.mutate({ type, listProxyId, period }, { onSuccess: done(t('proxies.renew.success', { count })) })
          }
        />
      );
    case 'autoRenewOn':
    case 'autoRenewOff': {
      const autoRenew = action === 'autoRenewOn';
      return (
        <AutoRenewDialog
          on={autoRenew}
          message={t('proxies.appliesTo', { count })}
          pending={update.isPending}
          onConfirm={() => update.mutate({ type, listProxyId, autoRenew }, { onSuccess: done(t('common.updated')) })}
          onClose={close}
        />
      );
    }
    case 'comment':
      return (
        <CommentDialog
          items={proxies}
          pending={update.isPending}
          onClose={close}
          onConfirm={(comment) =>
            update.mutate({ type, listProxyId, comment }, { onSuccess: done(t('common.updated')) })
          }
        />
      );
    case 'authIp':
    case 'password':
    case 'resetIp':
    case 'ipMode':
      return <AccessActionDialog type={type} action={action} proxies={proxies} onDone={onDone} />;
    case 'check':
      return <CheckResultsDialog type={type} proxies={proxies} onClose={close} />;
    case 'links':
      return <ToolLinksDialog items={proxies.map((p) => ({ id: p.id, name: proxyAddress(p) }))} onClose={close} />;
    case 'fallback':
      return <Ipv4FallbackDialog proxies={proxies} onDone={onDone} />;
    case 'export':
      return (
        <ExportDialog
          formats={PROXY_EXPORT_FORMATS}
          withTemplate
          presets={PROXY_PRESETS}
          pending={exporter.isPending}
          onClose={close}
          onConfirm={(choice) =>
            exporter.mutate({ type, ...choice, ...exportFilters }, { onSuccess: () => onDone(false) })
          }
        />
      );
  }
}
