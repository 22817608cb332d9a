const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whom an admin means: a user id as is, else an email (matched exactly, case-insensitively). */
export function parseUserRef(text: string): { id: string } | { email: string } | null {
  const s = text.trim();
  if (!s) {
    return null;
  }
  if (UUID_RE.test(s)) {
    return { id: s.toLowerCase() };
  }
  return s.includes('@') ? { email: s.toLowerCase() } : null;
}
