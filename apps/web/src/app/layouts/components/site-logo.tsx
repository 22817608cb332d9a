import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useSiteInfo } from '@/lib/site-info';

/** The site's logo (a same-origin path) and title; the title hides on phones when a logo exists. */
export function SiteLogo({ to, color = 'inherit' }: { to: string; color?: string }) {
  const { logo, title } = useSiteInfo();
  return (
    <Box
      component={Link}
      to={to}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, color, textDecoration: 'none', minWidth: 0 }}
    >
      {logo && <Box component="img" src={logo} alt={title} sx={{ height: 32, maxWidth: 120, objectFit: 'contain' }} />}
      {title && (
        <Typography variant="h6" noWrap sx={{ fontWeight: 700, display: logo ? { xs: 'none', sm: 'block' } : 'block' }}>
          {title}
        </Typography>
      )}
    </Box>
  );
}
