/** Nothing: the test controls are only their routes (routes.ts, registered by app.ts with TEST_CLOCK=1). */
export {};
