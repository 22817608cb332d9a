import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { Footer } from './components/footer';
import { LanguageSwitch } from './components/language-switch';
import { SiteLogo } from './components/site-logo';

/** The public landing layout for visitors. */
export function HomeLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="static" color="transparent" sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: 1 }}>
          <SiteLogo to={paths.home.getHref()} color="primary.main" />
          <Box sx={{ flexGrow: 1 }} />
          <LanguageSwitch color="primary" />
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flexGrow: 1, display: 'flex' }}>
        <Outlet />
      </Box>
      <Footer />
    </Box>
  );
}
