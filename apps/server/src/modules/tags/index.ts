/** Nothing: tags are only their routes (routes.ts, registered by app.ts). */
export {};
