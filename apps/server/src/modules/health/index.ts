/** Nothing: the health check is only its routes (routes.ts, registered by app.ts). */
export {};
