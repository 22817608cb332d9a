/**
 * The agency program (docs/product-rules.md#agency): `service.ts` the owner's and member's calls,
 * `admin.ts` the site admin's, `money.ts` the commission, the transfers and the registration coupon.
 * Tables: `agencies`, `agency_members`, `agency_deposits` (one row per credited top-up of a member:
 * the key of "exactly once") and `agency_transfers` (the Idempotency-Key). Exported for other
 * modules: payments calls `creditAgencyCommission` inside its credit; auth checks a coupon with
 * `joinableAgency`, joins on verification with `joinAgencyOnVerify`, and fills `me.ownerAgency`
 * with `findOwnedAgencyId`.
 */
export { commissionOf, creditAgencyCommission, joinableAgency, joinAgencyOnVerify } from './money.js';
export type { CreditedTopup } from './money.js';
export { findCommissionMismatches, findOwnedAgencyId } from './repository.js';
