/** Nothing: the dashboard is only its route (routes.ts, registered by app.ts). */
export {};
