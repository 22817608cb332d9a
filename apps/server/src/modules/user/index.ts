/**
 * Nothing: the caller's account (me, password, 2FA, API key, auto-renew, transactions) and the
 * admin user calls are only routes (routes.ts, registered by app.ts), one file per use case, over
 * auth, api-keys, ledger and orders, which own the statements.
 */
export {};
