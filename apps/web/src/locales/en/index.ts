import type { vi } from '../vi';
import { account } from './account';
import { auth } from './auth';
import { common } from './common';
import { dashboard } from './dashboard';
import { error, errors } from './errors';
import { nav, topBar } from './nav';
import { orders } from './orders';
import { proxies } from './proxies';
import { tools } from './tools';
import { topup } from './topup';
import { admin } from './admin';
import { errorPage, home, notFound } from './pages';
import { ledger } from './ledger';
import { notes } from './notes';
import { notifications } from './notifications';

export const en: typeof vi = {
  common,
  nav,
  topBar,
  auth,
  account,
  dashboard,
  orders,
  proxies,
  topup,
  tools,
  home,
  admin,
  notFound,
  errorPage,
  error,
  errors,
  ledger,
  notes,
  notifications,
};
