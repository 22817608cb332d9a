import type { AppContext } from '../context.js';
import { AppError } from '../lib/errors.js';
import { rotateEgress } from '../modules/proxies/index.js';
import {
  claimDueRotations,
  listPendingRotations,
  lockClaimedRotation,
  setIpChangeStatus,
} from '../modules/allocation/index.js';
import type { Job } from './runner.js';

const BATCH = 500;

/**
 * Phase 1: marks the auto-mode proxies whose interval (15–1000 minutes) has passed "processing",
 * in one short statement that commits on its own, so the panel shows it while the change is made.
 * Rows another instance is claiming are skipped (SKIP LOCKED), and a claimed row is not claimed
 * again: phase 2 finishes it, here or on any instance.
 */
export async function claimRotations(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now().toISOString();
  const claimed = await claimDueRotations(ctx.db, now, BATCH);
  return claimed.length;
}

/**
 * Phase 2: gives every "processing" proxy its new egress and marks it "changed", one transaction
 * each. A row is taken with SKIP LOCKED and must still be "processing" under the lock, so two
 * instances never rotate one claim twice; a claim left by a crash between the phases is simply
 * finished by the next run. Under the lock it must also still be in auto mode and due; otherwise
 * the claim is dropped without a new address.
 */
export async function finishRotations(ctx: AppContext, signal?: AbortSignal): Promise<number> {
  const pending = await listPendingRotations(ctx.db, BATCH);
  let rotated = 0;
  for (const id of pending) {
    if (signal?.aborted) {
      break;
    }
    const done = await ctx.db.transaction(async (tx) => {
      const p = await lockClaimedRotation(tx, id);
      if (!p) {
        return false;
      }
      const now = ctx.clock.now();
      if (p.status !== 'using' || p.expiresAt <= now) {
        // Expired since it was claimed (or due to be): nothing to serve, so no new address.
        await setIpChangeStatus(tx, id, { ipChangeStatus: 'not_changed', updatedAt: now });
        return false;
      }
      // The claim was made on phase 1's view: the customer may since have switched the proxy to
      // manual or lengthened its interval (setResetType does not touch the claim), and rotating
      // then would change an address they asked to keep.
      const since = (p.ipChangedAt ?? p.createdAt).getTime();
      if (
        p.ipChangeMode !== 'auto' ||
        p.changeIntervalMin === null ||
        since + p.changeIntervalMin * 60_000 > now.getTime()
      ) {
        await setIpChangeStatus(tx, id, { ipChangeStatus: p.ipChangedAt ? 'changed' : 'not_changed', updatedAt: now });
        return false;
      }
      try {
        await tx.transaction((sp) => rotateEgress(ctx, sp, p, p.keyId ? 'key' : p.type));
        return true;
      } catch (err) {
        if (!(err instanceof AppError)) {
          throw err;
        }
        // No free address right now: try again next interval rather than every sweep.
        await setIpChangeStatus(tx, id, { ipChangeStatus: 'not_changed', ipChangedAt: now, updatedAt: now });
        return false;
      }
    });
    if (done) {
      rotated++;
    }
  }
  return rotated;
}

/** Rotates the egress of due auto-mode proxies: processing (committed), then changed. */
export async function runRotation(ctx: AppContext, signal?: AbortSignal): Promise<number> {
  await claimRotations(ctx);
  return finishRotations(ctx, signal);
}

export const rotationJob: Job = {
  name: 'ip-rotation',
  everyMs: 30_000,
  async run(ctx, signal) {
    await runRotation(ctx, signal);
  },
};
