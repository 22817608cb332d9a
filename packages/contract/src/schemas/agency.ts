import { z } from 'zod';
import { zPage, ZDayBound, ZListQuery, ZId } from './common.js';

/** docs/product-rules.md#agency: pending (awaiting approval) → active ⇄ disabled. */
export const AGENCY_STATUSES = ['pending', 'active', 'disabled'] as const;
export type AgencyStatus = (typeof AGENCY_STATUSES)[number];

/** An admin sets a commission percent per agency within these bounds. */
export const AGENCY_MAX_COMMISSION_PERCENT = 50;

/**
 * An agency's coupon code (docs/product-rules.md#agency), as creating one takes it: a lowercase letter, then
 * lowercase letters, digits and hyphens, 3–32 characters in all.
 */
export const ZAgencyNewCode = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9-]{2,31}$/);

export const ZAgency = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  code: z.string(),
  status: z.enum(AGENCY_STATUSES),
  commissionPercent: z.number().int(),
  ownerEmail: z.string(),
  createdAt: z.string(),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  members: z.number().int(),
  totalDeposit: z.number().int(),
  totalCommission: z.number().int(),
});
export type TAgency = z.infer<typeof ZAgency>;

const ZAgencyName = z.string().trim().min(1).max(100);
const ZAgencyDescription = z.string().trim().max(1000);

export const ZAgencyCreateRequest = z.object({
  name: ZAgencyName,
  description: ZAgencyDescription.default(''),
  code: ZAgencyNewCode,
});
export type TAgencyCreateRequest = z.infer<typeof ZAgencyCreateRequest>;

export const ZAgencyUpdateRequest = z.object({
  name: ZAgencyName.optional(),
  description: ZAgencyDescription.optional(),
});

export const ZAgencyMember = z.object({
  userId: z.string(),
  email: z.string(),
  deposit: z.number().int(),
  joinedAt: z.string(),
});
export type TAgencyMember = z.infer<typeof ZAgencyMember>;
export const ZAgencyMemberPage = zPage(ZAgencyMember);

export const ZAgencyMyStats = z.object({
  members: z.number().int(),
  totalDeposit: z.number().int(),
  totalCommission: z.number().int(),
  balanceTransferred: z.number().int(),
});
export type TAgencyMyStats = z.infer<typeof ZAgencyMyStats>;

/** At most a year and a day of UTC days per stats request. */
export const AGENCY_STATS_MAX_DAYS = 366;
export const ZAgencyStatsQuery = z.object({ from: ZDayBound, to: ZDayBound });
export const ZAgencyStatsDay = z.object({
  date: z.string(),
  newMembers: z.number().int(),
  deposit: z.number().int(),
  commission: z.number().int(),
});
export type TAgencyStatsDay = z.infer<typeof ZAgencyStatsDay>;
export const ZAgencyStats = z.object({ days: z.array(ZAgencyStatsDay) });
export type TAgencyStats = z.infer<typeof ZAgencyStats>;

export const ZAgencyMembership = z.object({
  agency: z.object({ name: z.string(), code: z.string() }).nullable(),
  joinedAt: z.string().nullable(),
});
export type TAgencyMembership = z.infer<typeof ZAgencyMembership>;

export const ZAgencyTransferRequest = z.object({
  email: z.string().trim().toLowerCase().min(1).max(254),
  amount: z.number().int().min(1).max(1_000_000_000),
});
export type TAgencyTransferRequest = z.infer<typeof ZAgencyTransferRequest>;
export const ZAgencyTransferResponse = z.object({
  id: z.string(),
  email: z.string(),
  amount: z.number().int(),
  balance: z.number().int(),
});
export type TAgencyTransferResponse = z.infer<typeof ZAgencyTransferResponse>;

export const ZAgencyAdminListQuery = ZListQuery.extend({ status: z.enum(AGENCY_STATUSES).optional() });
export const ZAgencyPage = zPage(ZAgency);

export const ZAgencyToggleRequest = z.object({ agencyId: ZId, isActive: z.boolean() });
export const ZAgencyAdminUpdateRequest = z.object({
  agencyId: ZId,
  name: ZAgencyName.optional(),
  description: ZAgencyDescription.optional(),
  commissionPercent: z.number().int().min(0).max(AGENCY_MAX_COMMISSION_PERCENT).optional(),
  endAt: z.string().datetime({ offset: true }).nullable().optional(),
});
export type TAgencyAdminUpdateRequest = z.infer<typeof ZAgencyAdminUpdateRequest>;
