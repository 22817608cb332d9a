/** Nothing: the account and admin user calls are only their routes (routes.ts, registered by app.ts). */
export {};
