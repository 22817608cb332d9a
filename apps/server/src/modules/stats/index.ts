/** Admin statistics: the routes (routes.ts, registered by app.ts) and the rollup job's sweep. */
export { fillStatsRollup } from './service.js';
