import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { SupportButton } from '@/components/support-button';
import { paths } from '@/config/paths';
import { Footer } from './components/footer';
import { LanguageSwitch } from './components/language-switch';
import { SiteLogo } from './components/site-logo';

const LINKS = [
  { label: 'nav.tutorial', to: paths.app.tutorial.getHref() },
  { label: 'nav.tools', to: paths.app.tools.getHref() },
  { label: 'nav.support', to: paths.app.support.getHref() },
] as const;

/** The public landing layout for visitors (also the frame of tools, tutorials and support for them). */
export function HomeLayout() {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="static" color="transparent" sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: 1 }}>
          <SiteLogo to={paths.home.getHref()} color="primary.main" />
          <Box sx={{ flexGrow: 1 }} />
          <Box component="nav" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5 }}>
            {LINKS.map((l) => (
              <Button key={l.to} component={Link} to={l.to} color="inherit">
                {t(l.label)}
              </Button>
            ))}
            <Button component={Link} to={paths.auth.login.getHref()} color="primary">
              {t('home.login')}
            </Button>
          </Box>
          <SupportButton color="primary" />
          <LanguageSwitch color="primary" />
        </Toolbar>
        {/* On a phone the same links sit in a row under the bar. */}
        <Box component="nav" sx={{ display: { xs: 'flex', md: 'none' }, px: 1, pb: 0.5, gap: 0.5, overflowX: 'auto' }}>
          {LINKS.map((l) => (
            <Button key={l.to} component={Link} to={l.to} color="inherit" size="small" sx={{ flexShrink: 0 }}>
              {t(l.label)}
            </Button>
          ))}
          <Button component={Link} to={paths.auth.login.getHref()} color="primary" size="small" sx={{ flexShrink: 0 }}>
            {t('home.login')}
          </Button>
        </Box>
      </AppBar>
      <Box component="main" sx={{ flexGrow: 1, display: 'flex', minWidth: 0 }}>
        <Outlet />
      </Box>
      <Footer />
    </Box>
  );
}
