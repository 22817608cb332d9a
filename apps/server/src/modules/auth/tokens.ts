import { errors, jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';

export const REFRESH_TTL_SEC = 30 * 24 * 3600;
const RESET_TTL_SEC = 15 * 60;

export interface AccessClaims {
  sub: string;
  sid: string;
  site: string;
  role: number;
}

export async function signAccessToken(ctx: AppContext, claims: AccessClaims): Promise<string> {
  const iat = Math.floor(ctx.clock.nowMs() / 1000);
  return new SignJWT({ sid: claims.sid, site: claims.site, role: claims.role, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ctx.config.ACCESS_TOKEN_TTL_SEC)
    .sign(ctx.keys.jwt);
}

/**
 * Tokens already verified, with their expiry: the same token string carries the same signature,
 * so checking it again is wasted work on every request. Expiry is still checked every time.
 */
const verifiedByKey = new WeakMap<object, Map<string, AccessClaims & { exp: number }>>();
const VERIFIED_MAX = 50_000;

/**
 * The claims of a token verified before and not yet expired, without a promise; undefined
 * otherwise (verifyAccessToken then verifies it, or refuses it as expired or invalid).
 */
export function verifiedAccessToken(ctx: AppContext, token: string): AccessClaims | undefined {
  const hit = verifiedByKey.get(ctx.keys.jwt)?.get(token);
  return hit && hit.exp * 1000 > ctx.clock.nowMs() ? hit : undefined;
}

export async function verifyAccessToken(ctx: AppContext, token: string): Promise<AccessClaims> {
  let verified = verifiedByKey.get(ctx.keys.jwt);
  if (!verified) {
    verified = new Map();
    verifiedByKey.set(ctx.keys.jwt, verified);
  }
  const hit = verified.get(token);
  if (hit) {
    if (hit.exp * 1000 <= ctx.clock.nowMs()) {
      throw new AppError('TOKEN_EXPIRED');
    }
    return hit;
  }
  try {
    const { payload } = await jwtVerify(token, ctx.keys.jwt, {
      algorithms: ['HS256'],
      currentDate: ctx.clock.now(),
    });
    if (
      payload.typ !== 'access' ||
      typeof payload.sub !== 'string' ||
      typeof payload.sid !== 'string' ||
      typeof payload.site !== 'string' ||
      typeof payload.role !== 'number'
    ) {
      throw new AppError('INVALID_TOKEN');
    }
    const claims = { sub: payload.sub, sid: payload.sid, site: payload.site, role: payload.role };
    if (verified.size >= VERIFIED_MAX) {
      verified.clear();
    }
    verified.set(token, Object.assign({}, claims, { exp: payload.exp ?? 0 }));
    return claims;
  } catch (err) {
    if (err instanceof errors.JWTExpired) {
      throw new AppError('TOKEN_EXPIRED');
    }
    if (err instanceof AppError) {
      throw err;
    }
    throw new AppError('INVALID_TOKEN');
  }
}

/**
 * A password-reset token, bound to the current password hash: once the password changes, every
 * reset token issued before is dead, so each can be used once.
 */
export async function signResetToken(ctx: AppContext, userId: string, passwordFingerprint: string): Promise<string> {
  const iat = Math.floor(ctx.clock.nowMs() / 1000);
  return new SignJWT({ typ: 'reset', pwf: passwordFingerprint })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + RESET_TTL_SEC)
    .sign(ctx.keys.jwt);
}

export async function verifyResetToken(ctx: AppContext, token: string): Promise<{ userId: string; pwf: string }> {
  try {
    const { payload } = await jwtVerify(token, ctx.keys.jwt, { algorithms: ['HS256'], currentDate: ctx.clock.now() });
    if (payload.typ !== 'reset' || typeof payload.sub !== 'string' || typeof payload.pwf !== 'string') {
      throw new AppError('INVALID_TOKEN');
    }
    return { userId: payload.sub, pwf: payload.pwf };
  } catch (err) {
    if (err instanceof errors.JWTExpired) {
      throw new AppError('TOKEN_EXPIRED');
    }
    if (err instanceof AppError) {
      throw err;
    }
    throw new AppError('INVALID_TOKEN');
  }
}
