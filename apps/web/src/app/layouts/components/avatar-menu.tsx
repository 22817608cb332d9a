import { lazy, Suspense, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import { useTranslation } from 'react-i18next';
import { useShownOnce } from '@/hooks/use-shown-once';
import { useMe } from '@/lib/auth';
import { LogoutDialog } from './logout-dialog';
import { EmailText } from '@/components/email-text';

// Loaded when first opened: its form is not part of every signed-in page's first download.
const ChangePasswordDialog = lazy(() =>
  import('@/features/account/components/change-password-dialog').then((m) => ({ default: m.ChangePasswordDialog })),
);

type OpenDialog = 'changePassword' | 'logout' | null;

export function AvatarMenu() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const passwordDialogMounted = useShownOnce(dialog === 'changePassword');

  const open = (which: Exclude<OpenDialog, null>) => {
    setAnchor(null);
    setDialog(which);
  };
  const close = () => setDialog(null);

  return (
    <>
      <IconButton
        data-testid="avatar-menu"
        aria-label={t('topBar.accountMenu')}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.5 }}
      >
        <Avatar sx={{ width: 34, height: 34, bgcolor: 'primary.dark', fontSize: 16 }}>
          {me?.email.charAt(0).toUpperCase()}
        </Avatar>
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {me && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1, maxWidth: 260 }}>
            <EmailText email={me.email} testId="menu-email" />
          </Typography>
        )}
        {me && <Divider />}
        <MenuItem data-testid="menu-change-password" onClick={() => open('changePassword')}>
          <ListItemIcon>
            <LockResetOutlined fontSize="small" />
          </ListItemIcon>
          {t('topBar.changePassword')}
        </MenuItem>
        <MenuItem data-testid="menu-logout" onClick={() => open('logout')}>
          <ListItemIcon>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          {t('topBar.logout')}
        </MenuItem>
      </Menu>
      {passwordDialogMounted && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open={dialog === 'changePassword'} onClose={close} />
        </Suspense>
      )}
      <LogoutDialog open={dialog === 'logout'} onClose={close} />
    </>
  );
}
