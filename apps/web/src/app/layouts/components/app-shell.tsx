import { useState } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { Footer } from './footer';
import { NavMenu } from './nav-menu';
import type { NavItem } from './nav-items';
import { SiteLogo } from './site-logo';
import { TopBar } from './top-bar';

const DRAWER_WIDTH = 248;

/**
 * The frame of the signed-in layouts: top bar, a permanent drawer on desktop, a side drawer on phones.
 * `support` puts the site's support button in the top bar (customers' layout; the admin is the support).
 */
export function AppShell({ navItems, support = false }: { navItems: NavItem[]; support?: boolean }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = () => setDrawerOpen(false);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <TopBar onMenuClick={() => setDrawerOpen(true)} support={support} />
      <Box component="nav" aria-label={t('nav.label')} sx={{ width: { md: DRAWER_WIDTH }, flexShrink: 0 }}>
        {isDesktop ? (
          <Drawer
            variant="permanent"
            data-testid="nav-drawer"
            slotProps={{ paper: { sx: { width: DRAWER_WIDTH, borderRight: 1, borderColor: 'divider' } } }}
          >
            <Toolbar />
            <Box sx={{ overflowY: 'auto', pt: 1 }}>
              <NavMenu items={navItems} />
            </Box>
          </Drawer>
        ) : (
          <Drawer
            variant="temporary"
            open={drawerOpen}
            onClose={closeDrawer}
            data-testid="nav-drawer"
            sx={{ zIndex: theme.zIndex.drawer + 2 }}
            slotProps={{ paper: { sx: { width: DRAWER_WIDTH } } }}
          >
            <Toolbar sx={{ color: 'primary.main' }}>
              <SiteLogo to={paths.app.dashboard.getHref()} />
            </Toolbar>
            <NavMenu items={navItems} onNavigate={closeDrawer} />
          </Drawer>
        )}
      </Box>
      <Box
        component="main"
        sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}
      >
        <Toolbar />
        <Container maxWidth="lg" sx={{ flexGrow: 1, py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 } }}>
          <Outlet />
        </Container>
        <Footer />
      </Box>
    </Box>
  );
}
