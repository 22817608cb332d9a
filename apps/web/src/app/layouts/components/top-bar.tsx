import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import AddCardOutlined from '@mui/icons-material/AddCardOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SupportButton } from '@/components/support-button';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth';
import { formatBalance } from '@/lib/format';
import { AvatarMenu } from './avatar-menu';
import { LanguageSwitch } from './language-switch';
import { SiteLogo } from './site-logo';

/** docs/screens.md#layouts: logo, balance, top-up, support, language switch (VN/US) and the avatar menu. */
export function TopBar({ onMenuClick, support }: { onMenuClick: () => void; support: boolean }) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const topupHref = paths.app.topup.getHref();

  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
        <IconButton
          color="inherit"
          edge="start"
          data-testid="nav-toggle"
          aria-label={t('nav.open')}
          onClick={onMenuClick}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <SiteLogo to={paths.app.dashboard.getHref()} />
        <Box sx={{ flexGrow: 1 }} />
        {me && (
          <Tooltip title={t('topBar.balance')}>
            <Box
              data-testid="topbar-balance"
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 0.75,
                px: { xs: 1, sm: 1.5 },
                py: 0.5,
                borderRadius: 5,
                bgcolor: 'rgba(255,255,255,0.16)',
                fontWeight: 600,
                fontSize: { xs: 13, sm: 14 },
                whiteSpace: 'nowrap',
              }}
            >
              <AccountBalanceWalletOutlined fontSize="small" sx={{ display: { xs: 'none', sm: 'block' } }} />
              {formatBalance(me.balance, t)}
            </Box>
          </Tooltip>
        )}
        <Button
          component={Link}
          to={topupHref}
          variant="contained"
          color="inherit"
          startIcon={<AddCardOutlined />}
          sx={{ display: { xs: 'none', sm: 'inline-flex' }, color: 'primary.main', bgcolor: 'common.white' }}
        >
          {t('topBar.topup')}
        </Button>
        <IconButton
          component={Link}
          to={topupHref}
          color="inherit"
          aria-label={t('topBar.topup')}
          sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
        >
          <AddCardOutlined />
        </IconButton>
        {support && <SupportButton />}
        <LanguageSwitch />
        <AvatarMenu />
      </Toolbar>
    </AppBar>
  );
}
