/** Deposit-bonus promotions: the credit path's bonus and the running promotion for the site info. */
export { grantPromotionBonus } from './grant-bonus.js';
export { runningPromotionTiers } from './running-promotion.js';
