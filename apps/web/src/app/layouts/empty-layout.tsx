import Box from '@mui/material/Box';
import { Outlet } from 'react-router';

/** A blank, centred layout (not-found and other standalone pages). */
export function EmptyLayout() {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <Outlet />
    </Box>
  );
}
