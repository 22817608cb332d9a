/** Nothing: admin statistics are only their routes (routes.ts, registered by app.ts). */
export {};
