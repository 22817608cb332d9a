/**
 * The roots of the user's list queries. Features do not import each other, yet a purchase must
 * refresh the order and proxy lists; every list query key starts with one of these roots.
 */
export const queryRoots = {
  orders: ['orders'],
  proxies: ['proxies'],
  keys: ['keys'],
  admin: ['admin'],
} as const;
