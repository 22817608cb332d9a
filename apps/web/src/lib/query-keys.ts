/**
 * The roots of the user's list queries. Features do not import each other, yet a purchase must
 * refresh the order and proxy lists, and a top-up arriving in realtime must refresh the balance,
 * the transactions and the bill; every such query key starts with one of these roots.
 */
export const queryRoots = {
  orders: ['orders'],
  proxies: ['proxies'],
  keys: ['keys'],
  admin: ['admin'],
  /** GET /api/bill/get-bill (the transfer code, the bank and the methods). */
  bill: ['bill'],
  /** The user's top-up history (GET /api/log/list-topup) and a single top-up's status. */
  topups: ['topups'],
  /** The user's transactions (GET /api/log/list-transaction). */
  transactions: ['transactions'],
  /** The user's activity trail (GET /api/audit/list). */
  audit: ['audit'],
} as const;

/** The admin's sites, their own site and its settings history; a maintenance save refreshes them too. */
export const sitesAdminQueryKey = [...queryRoots.admin, 'sites'] as const;
