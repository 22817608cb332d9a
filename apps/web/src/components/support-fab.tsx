import Fab from '@mui/material/Fab';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { channelHref, useSupportInfo } from '@/lib/support-info';
import { SupportChannelIcon } from './support-channel-icon';

/** docs/screens.md#layouts: the social support icons, on sites whose support settings turn them on. */
export function SupportFab() {
  const { data } = useSupportInfo();
  if (!data?.showIcons || data.channels.length === 0) {
    return null;
  }
  return (
    <Stack
      spacing={1}
      data-testid="support-fab"
      sx={{ position: 'fixed', right: 16, bottom: 72, zIndex: (theme) => theme.zIndex.speedDial }}
    >
      {data.channels.slice(0, 4).map((channel, i) => {
        const href = channelHref(channel);
        return href ? (
          <Tooltip key={i} title={channel.label} placement="left">
            <Fab
              size="small"
              color="primary"
              component="a"
              href={href}
              target={href.startsWith('http') ? '_blank' : undefined}
              rel="noopener noreferrer"
              aria-label={channel.label}
            >
              <SupportChannelIcon kind={channel.kind} fontSize="small" />
            </Fab>
          </Tooltip>
        ) : null;
      })}
    </Stack>
  );
}
