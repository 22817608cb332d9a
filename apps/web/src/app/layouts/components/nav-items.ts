import type { SvgIconComponent } from '@mui/icons-material';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import ArrowBack from '@mui/icons-material/ArrowBack';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import CodeOutlined from '@mui/icons-material/CodeOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DnsOutlined from '@mui/icons-material/DnsOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import HandymanOutlined from '@mui/icons-material/HandymanOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import PersonOutline from '@mui/icons-material/PersonOutline';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import ReceiptOutlined from '@mui/icons-material/ReceiptOutlined';
import SellOutlined from '@mui/icons-material/SellOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import LanguageOutlined from '@mui/icons-material/LanguageOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import StorageOutlined from '@mui/icons-material/StorageOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import WebOutlined from '@mui/icons-material/WebOutlined';
import { isAdminRole, ROLE, type TSiteInfo } from '@proxy/contract';
import { paths } from '@/config/paths';
import type { vi } from '@/locales/vi';

type NavLabel = `nav.${keyof typeof vi.nav}`;

export interface NavItem {
  label: NavLabel;
  to: string;
  icon: SvgIconComponent;
  /** Selected only on an exact match (a parent route of other items). */
  exact?: boolean;
  /** A heading shown above the first item of a group. */
  section?: NavLabel;
}

/** docs/screens.md#layouts: the main menu, with Agency/API and Admin only where allowed. */
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
    { label: 'nav.tools', to: paths.app.tools.getHref(), icon: HandymanOutlined },
    { label: 'nav.support', to: paths.app.support.getHref(), icon: SupportAgentOutlined },
    { label: 'nav.tutorial', to: paths.app.tutorial.getHref(), icon: MenuBookOutlined },
  );
  if (role !== undefined && isAdminRole(role)) {
    items.push({ label: 'nav.admin', to: paths.admin.root.getHref(), icon: AdminPanelSettingsOutlined });
  }
  return items;
}

/** docs/screens.md#routes: admin routes, grouped by product; the gateway nodes are the owner's (role 0) only. */
export function adminNavItems(role: number | undefined): NavItem[] {
  const ownerOnly = [paths.admin.nodes.getHref(), paths.admin.sites.getHref()];
  return ADMIN_NAV_ITEMS.filter((item) => !ownerOnly.includes(item.to) || role === ROLE.OWNER);
}

const ADMIN_NAV_ITEMS: NavItem[] = [
  { label: 'nav.adminOverview', to: paths.admin.root.getHref(), icon: InsightsOutlined, exact: true },
  { label: 'nav.adminCustomers', to: paths.admin.customers.getHref(), icon: PeopleAltOutlined },
  {
    label: 'nav.adminTopups',
    to: paths.admin.topups.getHref(),
    icon: AccountBalanceWalletOutlined,
    section: 'nav.adminSectionPayments',
  },
  { label: 'nav.adminTransactions', to: paths.admin.transactions.getHref(), icon: ReceiptOutlined },
  {
    label: 'nav.adminPrice',
    to: paths.admin.v6.managePrice.getHref(),
    icon: SellOutlined,
    section: 'nav.adminSectionV6',
  },
  { label: 'nav.adminPackage', to: paths.admin.v6.managePackage.getHref(), icon: Inventory2Outlined },
  { label: 'nav.adminOrder', to: paths.admin.v6.manageOrder.getHref(), icon: ReceiptLongOutlined },
  {
    label: 'nav.adminPrice',
    to: paths.admin.v4.managePrice.getHref(),
    icon: SellOutlined,
    section: 'nav.adminSectionV4',
  },
  { label: 'nav.adminPackage', to: paths.admin.v4.managePackage.getHref(), icon: Inventory2Outlined },
  { label: 'nav.adminOrder', to: paths.admin.v4.manageOrder.getHref(), icon: ReceiptLongOutlined },
  {
    label: 'nav.adminRotatingProxy',
    to: paths.admin.rotating.proxyRotating.getHref(),
    icon: SyncOutlined,
    section: 'nav.adminSectionRotating',
  },
  { label: 'nav.adminRotatingOrder', to: paths.admin.rotating.manageOrderKey.getHref(), icon: ReceiptLongOutlined },
  { label: 'nav.adminRotatingKey', to: paths.admin.rotating.manageKey.getHref(), icon: VpnKeyOutlined },
  {
    label: 'nav.adminAnalytics',
    to: paths.admin.analytics.getHref(),
    icon: BarChartOutlined,
    section: 'nav.adminSectionSystem',
  },
  { label: 'nav.adminSuppliers', to: paths.admin.suppliers.getHref(), icon: LocalShippingOutlined },
  { label: 'nav.adminPromotion', to: paths.admin.promotion.getHref(), icon: CampaignOutlined },
  { label: 'nav.adminAgency', to: paths.admin.agency.getHref(), icon: GroupsOutlined },
  { label: 'nav.adminLanding', to: paths.admin.landing.getHref(), icon: WebOutlined },
  { label: 'nav.adminConfig', to: paths.admin.config.getHref(), icon: SettingsOutlined },
  { label: 'nav.adminSites', to: paths.admin.sites.getHref(), icon: LanguageOutlined },
  { label: 'nav.adminNodes', to: paths.admin.nodes.getHref(), icon: StorageOutlined },
  { label: 'nav.userPanel', to: paths.app.dashboard.getHref(), icon: ArrowBack },
];
