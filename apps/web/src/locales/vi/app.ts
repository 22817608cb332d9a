import { account } from './account';
import { agency } from './agency';
import { audit } from './audit';
import { dashboard } from './dashboard';
import { developer } from './developer';
import { ledger } from './ledger';
import { notes } from './notes';
import { notifications } from './notifications';
import { orders } from './orders';
import { promotions } from './promotions';
import { proxies } from './proxies';
import { tools } from './tools';
import { topup } from './topup';
import { usage } from './usage';

/** The signed-in panel's texts: loaded with its layout (lib/i18n.ts `loadTexts('app')`). */
export const app = {
  account,
  agency,
  audit,
  dashboard,
  developer,
  orders,
  promotions,
  proxies,
  topup,
  tools,
  ledger,
  notes,
  notifications,
  usage,
};
