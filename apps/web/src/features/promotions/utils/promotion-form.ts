import dayjs from 'dayjs';
import { ZPromotionCreateRequest, type TPromotion, type TPromotionCreateRequest } from '@proxy/contract';

export interface TierDraft {
  minAmount: string;
  percent: string;
}

export interface PromotionDraft {
  name: string;
  startsAt: string;
  endsAt: string;
  active: boolean;
  tiers: TierDraft[];
}

const LOCAL = 'YYYY-MM-DDTHH:mm';

/** A datetime-local value for an ISO time, in the browser's zone. */
export function toLocalInput(iso: string | null): string {
  return iso ? dayjs(iso).format(LOCAL) : '';
}

export function draftOf(p: TPromotion | null): PromotionDraft {
  if (!p) {
    return {
      name: '',
      startsAt: dayjs().format(LOCAL),
      endsAt: '',
      active: true,
      tiers: [
        { minAmount: '1000000', percent: '10' },
        { minAmount: '5000000', percent: '15' },
      ],
    };
  }
  return {
    name: p.name,
    startsAt: toLocalInput(p.startsAt),
    endsAt: toLocalInput(p.endsAt),
    active: p.active,
    tiers: p.tiers.map((t) => ({ minAmount: String(t.minAmount), percent: String(t.percent) })),
  };
}

export type DraftProblem = 'name' | 'tiers' | 'dates';

/** The request of a draft, or what is wrong with it (the server checks the same rules). */
export function requestOf(d: PromotionDraft): { body: TPromotionCreateRequest } | { problem: DraftProblem } {
  if (!d.name.trim()) {
    return { problem: 'name' };
  }
  const startsAt = dayjs(d.startsAt);
  const endsAt = d.endsAt ? dayjs(d.endsAt) : null;
  if (!startsAt.isValid() || (endsAt && (!endsAt.isValid() || !endsAt.isAfter(startsAt)))) {
    return { problem: 'dates' };
  }
  const parsed = ZPromotionCreateRequest.safeParse({
    name: d.name.trim(),
    startsAt: startsAt.toISOString(),
    endsAt: endsAt ? endsAt.toISOString() : null,
    active: d.active,
    tiers: d.tiers.map((t) => ({ minAmount: Number(t.minAmount), percent: Number(t.percent) })),
  });
  return parsed.success ? { body: parsed.data } : { problem: 'tiers' };
}

export type PromotionState = 'running' | 'scheduled' | 'ended' | 'stopped';

export function promotionState(p: TPromotion, now = Date.now()): PromotionState {
  if (!p.active) {
    return 'stopped';
  }
  if (Date.parse(p.startsAt) > now) {
    return 'scheduled';
  }
  if (p.endsAt && Date.parse(p.endsAt) <= now) {
    return 'ended';
  }
  return 'running';
}
