import type { ErrorData } from '@proxy/contract';

/** What a refused charge lacked (NOT_ENOUGH_MONEY's data, docs/wire-contract.md#errors). */
export type Shortfall = ErrorData<'NOT_ENOUGH_MONEY'>;

/**
 * docs/screens.md#not-enough-balance: a charge the balance cannot cover opens one dialog, wherever
 * the charge was asked for (a buy form, a renewal dialog, the dashboard), instead of a toast. The
 * error handler outside React sets it; the dialog mounted with the signed-in layout reads it.
 */
let current: Shortfall | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  listeners.forEach((listener) => listener());
}

export const shortfallStore = {
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): Shortfall | null => current,
  show: (shortfall: Shortfall): void => {
    current = shortfall;
    emit();
  },
  close: (): void => {
    current = null;
    emit();
  },
};

/** Whether a dialog can take the failure: only a charge with figures is a shortfall to show. */
export function hasShortfallListener(): boolean {
  return listeners.size > 0;
}
