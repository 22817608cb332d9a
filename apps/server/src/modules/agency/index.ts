/**
 * The agency program (docs/product-rules.md#agency), one file per call: the owner's and member's
 * (`create-agency.ts`, `update-agency.ts` with the admin's variant, `list-members.ts`,
 * `agency-stats.ts`, `membership.ts`, `transfer.ts`), the site admin's (`list-agencies.ts`,
 * `toggle-agency.ts`, `delete-agency.ts`), the commission (`credit-commission.ts`), the
 * registration coupon (`join-agency.ts`), and `queries.ts` for the agency view they share.
 * Tables: `agencies`, `agency_members`, `agency_deposits` (one row per credited top-up of a member:
 * the key of "exactly once") and `agency_transfers` (the Idempotency-Key). Exported for other
 * modules: payments calls `creditAgencyCommission` inside its credit; auth checks a coupon with
 * `joinableAgency`, joins on verification with `joinAgencyOnVerify`, and fills `me.ownerAgency`
 * with `findOwnedAgencyId`; cli/ledger-audit.ts runs `findCommissionMismatches`.
 */
export { commissionOf, creditAgencyCommission } from './credit-commission.js';
export type { CreditedTopup } from './credit-commission.js';
export { joinableAgency, joinAgencyOnVerify } from './join-agency.js';
export { findCommissionMismatches } from './audit-commissions.js';
export { findOwnedAgencyId } from './queries.js';
