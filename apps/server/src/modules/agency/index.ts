/**
 * The agency program: what other modules use. Payments calls `creditAgencyCommission` inside its
 * credit; auth checks a registration's coupon with `joinableAgency` and joins the agency on
 * verification with `joinAgencyOnVerify`. The routes are registered by app.ts.
 */
export { commissionOf, creditAgencyCommission, joinableAgency, joinAgencyOnVerify } from './money.js';
export type { CreditedTopup } from './money.js';
export { findCommissionMismatches } from './repository.js';
