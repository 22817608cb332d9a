import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sites } from './sites.js';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id),
    email: text('email').notNull(),
    /** argon2id; null for an account created by Google sign-in that never set a password. */
    passwordHash: text('password_hash'),
    role: smallint('role').notNull().default(1),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    /** The developer-API key's hint (masked); the key itself is only hashed, in api_keys. */
    apiKey: text('api_key'),
    ownerAgency: text('owner_agency'),
    agencyCode: text('agency_code'),
    /** TOTP secret, encrypted with APP_SECRET. */
    twoFactorSecret: text('two_factor_secret'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** The last TOTP time step accepted, so a code cannot be replayed. */
    twoFactorLastStep: integer('two_factor_last_step'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    autoRenewPrivate: boolean('auto_renew_private').notNull().default(false),
    googleSub: text('google_sub'),
    /** The fixed bank-transfer code (e.g. NAP7KQ2MX), given on first need and never changed. */
    codeBill: text('code_bill').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_site_email_uq').on(t.siteId, t.email),
    index('users_site_created_idx').on(t.siteId, t.createdAt),
    check('users_balance_nonneg', sql`${t.balance} >= 0`),
  ],
);

/** A login session: the family of one chain of refresh tokens. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    /** The site the session was started on; its refresh tokens renew there only (null: before this column). */
    siteId: uuid('site_id').references(() => sites.id),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Opaque refresh tokens, stored as SHA-256 hashes, each usable once (rotation). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Email one-time codes for verification and password reset. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid('id').primaryKey(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['verify', 'reset'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    /**
     * A registration's password (argon2id), which becomes the account's when this code verifies
     * it; so a later register for the same address cannot change the password behind a code.
     */
    passwordHash: text('password_hash'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('email_codes_lookup_idx').on(t.siteId, t.email, t.purpose, t.createdAt)],
);

/**
 * 2FA recovery codes (docs/security.md#two-factor): only their HMAC is kept. Each signs in once:
 * `used_at` is set by the one conditional update that spends it. A new set replaces the old one.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_uq').on(t.userId, t.codeHash)],
);
