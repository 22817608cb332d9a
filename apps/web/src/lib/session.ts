import { useSyncExternalStore } from 'react';
import type { TMe, TTokens } from '@proxy/contract';
import { STORAGE_KEYS } from '@/config/constants';
import { readMe } from './first-load-schemas';
import { read } from './plain-reader';

/**
 * The client session (docs/product-rules.md#session): tokens and the user, kept in localStorage so a reload
 * restores them. Components subscribe through useAccessToken so guards react to a logout.
 */
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) {
    listener();
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab logging in or out changes the same storage.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.accessToken) {
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function getAccessToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.accessToken);
}

export function getRefreshToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.refreshToken);
}

/** The lifetime (exp − iat, seconds) an access token was issued with, or null if it cannot be read. */
export function tokenLifetimeSec(accessToken: string): number | null {
  try {
    const payload = accessToken.split('.')[1] ?? '';
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { iat?: unknown; exp?: unknown };
    return typeof claims.iat === 'number' && typeof claims.exp === 'number' && claims.exp > claims.iat
      ? claims.exp - claims.iat
      : null;
  } catch {
    return null;
  }
}

/**
 * When a token received `nowMs` (this device's clock) is due for renewal: a fifth of its life, at
 * most a minute, before it expires. Counted from receipt, so a device clock that is off does not matter.
 */
export function renewDueAt(accessToken: string, nowMs: number): number | null {
  const lifetime = tokenLifetimeSec(accessToken);
  if (lifetime === null) {
    return null;
  }
  return nowMs + (lifetime - Math.min(60, lifetime / 5)) * 1000;
}

export function setTokens(tokens: TTokens): void {
  localStorage.setItem(STORAGE_KEYS.accessToken, tokens.accessToken);
  localStorage.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);
  const due = renewDueAt(tokens.accessToken, Date.now());
  if (due === null) {
    localStorage.removeItem(STORAGE_KEYS.accessTokenRenewAt);
  } else {
    localStorage.setItem(STORAGE_KEYS.accessTokenRenewAt, String(due));
  }
  emit();
}

/** Whether the stored access token is due for renewal (about to expire, or expired). */
export function accessTokenDue(nowMs: number = Date.now()): boolean {
  const due = Number(localStorage.getItem(STORAGE_KEYS.accessTokenRenewAt));
  return Number.isFinite(due) && due > 0 && nowMs >= due;
}

export function getStoredUser(): TMe | null {
  const raw = localStorage.getItem(STORAGE_KEYS.userInfo);
  if (!raw) {
    return null;
  }
  try {
    return read(readMe, JSON.parse(raw));
  } catch {
    return null;
  }
}

// When this page last stored the user (0: the copy in localStorage is from an earlier visit).
let storedUserAt = 0;

export function setStoredUser(user: TMe): void {
  localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(user));
  storedUserAt = Date.now();
}

/** When the stored user was written by this page, so a user the login just answered is not fetched again. */
export function getStoredUserAt(): number {
  return storedUserAt;
}

export function startSession(tokens: TTokens, user: TMe): void {
  setStoredUser(user);
  setTokens(tokens);
}

/** Forgets the session. The language choice is a device preference and stays. */
export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.accessToken);
  localStorage.removeItem(STORAGE_KEYS.refreshToken);
  localStorage.removeItem(STORAGE_KEYS.accessTokenRenewAt);
  localStorage.removeItem(STORAGE_KEYS.userInfo);
  emit();
}

export function useAccessToken(): string | null {
  return useSyncExternalStore(subscribe, getAccessToken);
}
