import type { TAgency } from '@proxy/contract';
import type { AgencyViewRow } from './repository.js';

export function toAgency(r: AgencyViewRow): TAgency {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    code: r.code,
    status: r.status,
    commissionPercent: r.commissionPercent,
    ownerEmail: r.ownerEmail,
    createdAt: r.createdAt.toISOString(),
    startAt: r.startAt?.toISOString() ?? null,
    endAt: r.endAt?.toISOString() ?? null,
    members: r.members,
    totalDeposit: r.totalDeposit,
    totalCommission: r.totalCommission,
  };
}
