import { Fragment } from 'react';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import type { NavItem } from './nav-items';

function isSelected(pathname: string, item: NavItem): boolean {
  const path = pathname.toLowerCase();
  return item.exact ? path === item.to : path === item.to || path.startsWith(`${item.to}/`);
}

export function NavMenu({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <List component="div" sx={{ px: 1 }}>
      {items.map((item) => {
        const Icon = item.icon;
        return (
          <Fragment key={item.to + item.label}>
            {item.section && (
              <ListSubheader
                disableSticky
                sx={{ bgcolor: 'transparent', lineHeight: '32px', mt: 1, fontWeight: 700, textTransform: 'uppercase' }}
              >
                {t(item.section)}
              </ListSubheader>
            )}
            <ListItemButton
              component={NavLink}
              to={item.to}
              end={item.exact}
              selected={isSelected(pathname, item)}
              onClick={onNavigate}
              sx={{ borderRadius: 2, mb: 0.5 }}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={t(item.label)} />
            </ListItemButton>
          </Fragment>
        );
      })}
    </List>
  );
}
