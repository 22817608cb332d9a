import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { TSupportChannel } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { channelLink } from '@/lib/support-info';
import { SupportChannelIcon } from './support-channel-icon';

/** The support button's menu: a chunk of its own, so the landing does not load MUI's Menu up front. */
export default function SupportMenu({
  anchor,
  channels,
  onClose,
}: {
  anchor: HTMLElement | null;
  channels: readonly TSupportChannel[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const links = channels.flatMap((channel) => {
    const link = channelLink(channel);
    return link ? [{ channel, link }] : [];
  });
  return (
    <Menu
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ list: { 'aria-label': t('content.support.open') } }}
    >
      {links.map(({ channel, link }, i) => (
        <MenuItem key={i} component="a" {...link} data-testid="support-channel" onClick={onClose}>
          <ListItemIcon>
            <SupportChannelIcon kind={channel.kind} fontSize="small" />
          </ListItemIcon>
          {channel.label || t(`content.support.kinds.${channel.kind}`)}
        </MenuItem>
      ))}
      <Divider />
      <MenuItem component={Link} to={paths.app.support.getHref()} onClick={onClose}>
        {t('content.support.all')}
      </MenuItem>
    </Menu>
  );
}
