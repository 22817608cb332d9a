/**
 * Nothing: the caller's account (me, password, 2FA, API key, auto-renew, transactions) and the
 * admin user calls are only routes (routes.ts, registered by app.ts) over auth, api-keys, ledger and
 * orders.
 */
export {};
