import ChatOutlined from '@mui/icons-material/ChatOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import Facebook from '@mui/icons-material/Facebook';
import LanguageOutlined from '@mui/icons-material/LanguageOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import Telegram from '@mui/icons-material/Telegram';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { SupportChannelKind } from '@proxy/contract';

const ICONS = {
  telegram: Telegram,
  zalo: ChatOutlined,
  messenger: Facebook,
  phone: PhoneOutlined,
  email: EmailOutlined,
  url: LanguageOutlined,
} satisfies Record<SupportChannelKind, unknown>;

/** The icon of a support channel kind. */
export function SupportChannelIcon({ kind, ...props }: { kind: SupportChannelKind } & SvgIconProps) {
  const Icon = ICONS[kind];
  return <Icon {...props} />;
}
