import type { SvgIconComponent } from '@mui/icons-material';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import ArrowBack from '@mui/icons-material/ArrowBack';
import CodeOutlined from '@mui/icons-material/CodeOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DnsOutlined from '@mui/icons-material/DnsOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import PersonOutline from '@mui/icons-material/PersonOutline';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import { isAdminRole, type TSiteInfo } from '@proxy/contract';
import { paths } from '@/config/paths';
import type { vi } from '@/locales/vi';

export interface NavItem {
  label: `nav.${keyof typeof vi.nav}`;
  to: string;
  icon: SvgIconComponent;
  /** Selected only on an exact match (a parent route of other items). */
  exact?: boolean;
}

/** seed-spec §2 "Layouts": the main menu, with Agency/API and Admin only where allowed. */
export function userNavItems(site: TSiteInfo, role: number | undefined): NavItem[] {
  const items: NavItem[] = [
    { label: 'nav.dashboard', to: paths.app.dashboard.getHref(), icon: DashboardOutlined },
    { label: 'nav.manageProxy', to: paths.app.manageProxy.getHref(), icon: DnsOutlined },
    { label: 'nav.order', to: paths.app.order.getHref(), icon: ReceiptLongOutlined },
  ];
  if (site.showAgencyApi) {
    items.push(
      { label: 'nav.agency', to: paths.app.agency.getHref(), icon: GroupsOutlined },
      { label: 'nav.api', to: paths.app.api.getHref(), icon: CodeOutlined },
    );
  }
  items.push(
    { label: 'nav.account', to: paths.app.account.getHref(), icon: PersonOutline },
    { label: 'nav.topup', to: paths.app.topup.getHref(), icon: AccountBalanceWalletOutlined },
    { label: 'nav.checkProxy', to: paths.app.checkProxy.getHref(), icon: FactCheckOutlined },
    { label: 'nav.support', to: paths.app.support.getHref(), icon: SupportAgentOutlined },
    { label: 'nav.tutorial', to: paths.app.tutorial.getHref(), icon: MenuBookOutlined },
  );
  if (role !== undefined && isAdminRole(role)) {
    items.push({ label: 'nav.admin', to: paths.admin.root.getHref(), icon: AdminPanelSettingsOutlined });
  }
  return items;
}

export const adminNavItems: NavItem[] = [
  { label: 'nav.adminOverview', to: paths.admin.root.getHref(), icon: InsightsOutlined, exact: true },
  { label: 'nav.userPanel', to: paths.app.dashboard.getHref(), icon: ArrowBack },
];
