/** Deposit-bonus promotions: the credit path's bonus and the running promotion for the site info. */
export { grantPromotionBonus, runningPromotionTiers } from './service.js';
