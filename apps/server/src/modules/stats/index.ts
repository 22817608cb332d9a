/**
 * Admin statistics (docs/wire-contract.md#stats), one file per figure: the routes (routes.ts,
 * registered by app.ts) and the rollup job's sweep, which keeps the closed days of `stats-daily.ts` ready.
 */
export { fillStatsRollup } from './stats-daily.js';
