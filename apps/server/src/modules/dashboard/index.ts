/** Nothing: the dashboard is only its routes (routes.ts, registered by app.ts). */
export {};
