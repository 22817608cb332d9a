/**
 * Nothing: the customer's dashboard summary (balance, this month's spend, items in use and those
 * expiring within 7 days priced for one renewal) is only its route (`dashboard-summary.ts`, which
 * routes.ts registers for app.ts), read per user and per site through auth, ledger and proxies.
 */
export {};
