import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { KYC_STATES } from '../../contract';

/**
 * The one schema both PGlite and PostgreSQL run. Change it, then `npm run db:generate` writes the
 * next migration into server/db/migrations; the server applies pending migrations at start-up.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Institutions (brokers' partner branches) whose code a customer gives when registering. */
export const institutions = pgTable('institutions', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  /** Marks the institution the embedded default created, so a restart finds the same code. */
  isDemo: boolean('is_demo').notNull().default(false),
  createdAt: createdAt(),
});

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    /** The login name the customer chose. */
    account: text('account').notNull().unique(),
    /** The public 8-digit number shown on screens and statements; never the login name. */
    accountId: text('account_id').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    kycState: text('kyc_state', { enum: KYC_STATES }).notNull().default('unverified'),
    creditScore: integer('credit_score').notNull().default(100),
    avatar: text('avatar'),
    fundPasswordHash: text('fund_password_hash'),
    frozen: boolean('frozen').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    loginBanned: boolean('login_banned').notNull().default(false),
    tradingBarred: boolean('trading_barred').notNull().default(false),
    withdrawalBarred: boolean('withdrawal_barred').notNull().default(false),
    createdAt: createdAt(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    check(
      'customers_kyc_state_known',
      sql`${t.kycState} in (${sql.raw(KYC_STATES.map((s) => `'${s}'`).join(', '))})`,
    ),
    check('customers_account_id_format', sql`${t.accountId} ~ '^[0-9]{8}$'`),
  ],
);

/** A session is found by the sha256 of its token; the token itself is never stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_customer_idx').on(t.customerId)],
);

/** Site texts and links per locale (the spec's common/config); staff may edit them later. */
export const siteConfig = pgTable(
  'site_config',
  {
    name: text('name').notNull(),
    locale: text('locale').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.name, t.locale] })],
);

export const LEDGER_ACCOUNT_KINDS = ['customer_cash', 'customer_held', 'house_cash'] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/**
 * One ledger account per owner, currency and kind. House accounts have no owner; the unique
 * constraint treats the null owner as one value so each house account exists once.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').references(() => customers.id),
    currency: text('currency').notNull(),
    kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('ledger_accounts_owner_currency_kind')
      .on(t.customerId, t.currency, t.kind)
      .nullsNotDistinct(),
    check(
      'ledger_accounts_owner_matches_kind',
      sql`(${t.kind} like 'customer_%') = (${t.customerId} is not null)`,
    ),
  ],
);

export const journalEntries = pgTable('journal_entries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** What moved the money, e.g. 'deposit', 'order_fill'. */
  kind: text('kind').notNull(),
  /** Why, in words the customer or an auditor can read. */
  reason: text('reason').notNull(),
  /** The Idempotency-Key of the request that made the entry; a repeat finds this row. */
  idempotencyKey: text('idempotency_key').unique(),
  /** Who made it: 'system', 'customer:<id>', 'staff:<id>'. */
  actor: text('actor').notNull(),
  createdAt: createdAt(),
});

export const postings = pgTable(
  'postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Minor units of the account's currency; positive adds to the account. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('postings_account_idx').on(t.accountId),
    index('postings_entry_idx').on(t.entryId),
    check('postings_amount_nonzero', sql`${t.amount} <> 0`),
  ],
);

/** A customer's watchlist ("self-selected stocks"): one row per symbol, in the order added. */
export const watchlistItems = pgTable(
  'watchlist_items',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** KRX short code, e.g. '005930'. */
    symbol: text('symbol').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.symbol] })],
);
