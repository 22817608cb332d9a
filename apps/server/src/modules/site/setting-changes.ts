import type { DbOrTx } from '../../db/client.js';
import { insertSettingChanges, type ChangeRow } from './admin-repository.js';

/** Who made a settings change: the audit row keeps both, the email also after the user is gone. */
export interface Actor {
  id: string;
  email: string;
}

/** Fields whose values the audit trail never shows (docs/wire-contract.md#sites). */
const SECRET_FIELDS = new Set(['recaptchaSecretKey']);
const MASK = '••••••';

function show(value: unknown): string | null {
  if (value === null || value === undefined) {
    return null;
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The fields of `after` that differ from `before`, as audit rows (old → new; secrets masked: the
 * row says that the secret changed, never what it was or became).
 */
export function diffSettings(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  secrets: ReadonlySet<string> = SECRET_FIELDS,
): ChangeRow[] {
  const rows: ChangeRow[] = [];
  for (const [field, next] of Object.entries(after)) {
    if (next === undefined) {
      continue;
    }
    const oldValue = show(before[field]);
    const newValue = show(next);
    if (oldValue === newValue) {
      continue;
    }
    if (SECRET_FIELDS.has(field) || secrets.has(field)) {
      rows.push({ field, oldValue: oldValue === null ? null : MASK, newValue: newValue === null ? null : MASK });
    } else {
      rows.push({ field, oldValue, newValue });
    }
  }
  return rows;
}

/** Writes the audit rows of a change, in the change's transaction. */
export async function recordSettingChanges(
  tx: DbOrTx,
  at: Date,
  siteId: string,
  actor: Actor,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  /** More fields to mask, e.g. a payment method's sealed credentials. */
  secrets?: ReadonlySet<string>,
): Promise<void> {
  await insertSettingChanges(tx, at, siteId, actor, diffSettings(before, after, secrets));
}
