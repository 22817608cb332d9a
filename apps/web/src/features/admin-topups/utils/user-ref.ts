import { isUuid } from '@proxy/contract';

/** Whom an admin means: a user id as is, else an email (matched exactly, case-insensitively). */
export function parseUserRef(text: string): { id: string } | { email: string } | null {
  const s = text.trim();
  if (!s) {
    return null;
  }
  if (isUuid(s)) {
    return { id: s.toLowerCase() };
  }
  return s.includes('@') ? { email: s.toLowerCase() } : null;
}
