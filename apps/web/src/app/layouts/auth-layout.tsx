import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { Footer } from './components/footer';
import { LanguageSwitch } from './components/language-switch';
import { SiteLogo } from './components/site-logo';

/** Login, register and password recovery: a centred card. */
export function AuthLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
        <SiteLogo to={paths.home.getHref()} color="primary.main" />
        <LanguageSwitch color="primary" />
      </Box>
      <Box sx={{ flexGrow: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', px: 1.5, py: 2 }}>
        <Card sx={{ width: '100%', maxWidth: 440, borderRadius: 3 }}>
          <CardContent sx={{ p: { xs: 2.5, sm: 4 }, '&:last-child': { pb: { xs: 2.5, sm: 4 } } }}>
            <Outlet />
          </CardContent>
        </Card>
      </Box>
      <Footer />
    </Box>
  );
}
