import { useSyncExternalStore } from 'react';
import { ZMe, type TMe, type TTokens } from '@proxy/contract';
import { STORAGE_KEYS } from '@/config/constants';

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

export function setTokens(tokens: TTokens): void {
  localStorage.setItem(STORAGE_KEYS.accessToken, tokens.accessToken);
  localStorage.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);
  emit();
}

export function getStoredUser(): TMe | null {
  const raw = localStorage.getItem(STORAGE_KEYS.userInfo);
  if (!raw) {
    return null;
  }
  try {
    const parsed = ZMe.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function setStoredUser(user: TMe): void {
  localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(user));
}

export function startSession(tokens: TTokens, user: TMe): void {
  setStoredUser(user);
  setTokens(tokens);
}

/** Forgets the session. The language choice is a device preference and stays. */
export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.accessToken);
  localStorage.removeItem(STORAGE_KEYS.refreshToken);
  localStorage.removeItem(STORAGE_KEYS.userInfo);
  emit();
}

export function useAccessToken(): string | null {
  return useSyncExternalStore(subscribe, getAccessToken);
}
