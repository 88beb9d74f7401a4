import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { EventObject } from 'xstate';
import { JOB_STATUSES } from '../../contract/jobs';
import type { AccountContext } from '../../machines/account';
import { accountMachine } from '../../machines/account';
import type { DepositContext } from '../../machines/deposit';
import { depositMachine } from '../../machines/deposit';
import type { KycContext } from '../../machines/kyc';
import { kycMachine } from '../../machines/kyc';
import { initialPersisted } from '../../machines/lifecycle';
import type { WithdrawalContext } from '../../machines/withdrawal';
import { withdrawalMachine } from '../../machines/withdrawal';
import type { OrderContext } from '../../machines/order';
import { orderMachine } from '../../machines/order';
import type { BlockApplicationContext } from '../../machines/block-application';
import { blockApplicationMachine } from '../../machines/block-application';
import type { SubscriptionContext } from '../../machines/subscription';
import { subscriptionMachine } from '../../machines/subscription';
import type { TradeProductTerms } from '../../contract/trade';
import type { CorporateActionContext } from '../../machines/corporate-action';
import { corporateActionMachine } from '../../machines/corporate-action';
import type { RightsApplicationContext } from '../../machines/rights-application';
import { rightsApplicationMachine } from '../../machines/rights-application';
import type { SeatAccountContext } from '../../machines/seat-account';
import { seatAccountMachine } from '../../machines/seat-account';
// News (issue 13)
import { customType } from 'drizzle-orm/pg-core';
import type { NewsLocale, NewsSource, NewsTag, SystemNewsKind } from '../../contract/news';
import type { NewsArticleContext } from '../../machines/news-article';
import { newsArticleMachine } from '../../machines/news-article';
// Placements and auctions (issue 12)
import type { OfferingWindowContext } from '../../machines/offering-window';
import { auctionMachine, placementMachine } from '../../machines/offering-window';
import type { PlacementApplicationContext } from '../../machines/placement-application';
import { placementApplicationMachine } from '../../machines/placement-application';
import type { AuctionBidContext } from '../../machines/auction-bid';
import { auctionBidMachine } from '../../machines/auction-bid';
// Customer service (issue 13, docs/support.md)
import type { ConversationContext } from '../../machines/conversation';
import { conversationMachine } from '../../machines/conversation';

/**
 * The one schema both PGlite and PostgreSQL run. Change it, then `npm run db:generate` writes the
 * next migration into server/db/migrations; the server applies pending migrations at start-up.
 */

/** Where new rows' lifecycles start: the machines' initial states, never restated by hand. */
const kycStart = initialPersisted<KycContext>(kycMachine);
const accountStart = initialPersisted<AccountContext>(accountMachine);
const withdrawalStart = initialPersisted<WithdrawalContext>(withdrawalMachine);
const orderStart = initialPersisted<OrderContext>(orderMachine);
const blockApplicationStart = initialPersisted<BlockApplicationContext>(blockApplicationMachine);

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
    /** The KYC lifecycle (machines/kyc.ts): encoded state, context, optimistic lock. */
    kycState: text('kyc_state').notNull().default(kycStart.state),
    kycContext: jsonb('kyc_context').$type<KycContext>().notNull().default(kycStart.context),
    kycVersion: integer('kyc_version').notNull().default(0),
    /**
     * The restrictions staff set (machines/account.ts, parallel: frozen, disabled, login banned,
     * trading and withdrawal barred), with the reason for each in the context.
     */
    accountState: text('account_state').notNull().default(accountStart.state),
    accountContext: jsonb('account_context')
      .$type<AccountContext>()
      .notNull()
      .default(accountStart.context),
    accountVersion: integer('account_version').notNull().default(0),
    creditScore: integer('credit_score').notNull().default(100),
    avatar: text('avatar'),
    /** Wrong fund passwords are counted in secret_attempts (server/auth/secret-attempts.ts). */
    fundPasswordHash: text('fund_password_hash'),
    createdAt: createdAt(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
    /**
     * True for an account registered before names were unique regardless of case whose name
     * differs only in case from an older one: it keeps its exact name (login by the exact name
     * still finds it), and only accounts without the flag must be unique by lower(account).
     */
    legacyCaseDuplicate: boolean('legacy_case_duplicate').notNull().default(false),
  },
  (t) => [
    check('customers_account_id_format', sql`${t.accountId} ~ '^[0-9]{8}$'`),
    uniqueIndex('customers_account_lower_unique')
      .on(sql`lower(${t.account})`)
      .where(sql`not ${t.legacyCaseDuplicate}`),
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

/** What a customer owns or owes, one account of each per currency (ledger guide in docs/server.md). */
export const CUSTOMER_ACCOUNT_KINDS = [
  /** Free cash. */
  'available',
  /** Reserved for pending withdrawals and open orders' margin. */
  'held',
  /** Margin committed to open positions. */
  'position_margin',
  /** What the customer owes on loans, as a balance at or below zero (see below). */
  'loan_principal',
  /** Deposits paid for IPO subscriptions not yet allotted or refunded. */
  'ipo_deposit',
] as const;
export type CustomerAccountKind = (typeof CUSTOMER_ACCOUNT_KINDS)[number];

/** The house's accounts, one of each per currency, created on first use. */
export const HOUSE_ACCOUNT_KINDS = [
  /** The other side of money entering or leaving through banks. */
  'house_bank',
  'house_fees',
  'house_taxes',
  'house_fx',
  /** Money the house cannot place yet (e.g. a deposit that matches no request). */
  'house_suspense',
  /**
   * The other side of customers' positions: the house is the counterparty of every simulated
   * order, so it pays a customer's profit and receives a loss on close (docs/trading.md).
   */
  'house_trading',
  // Corporate actions (docs/corporate-actions.md)
  /** What the issuers pay out as cash dividends: the other side of every dividend entry. */
  'house_dividends',
  /** Tax withheld from dividends (15.4 %), owed to the tax office. */
  'house_withholding',
  /**
   * IPO payments received for allotted shares until listing day, when they become the
   * customer's position (docs/ipo.md "Ledger").
   */
  'house_ipo',
] as const;
export type HouseAccountKind = (typeof HOUSE_ACCOUNT_KINDS)[number];

export const LEDGER_ACCOUNT_KINDS = [...CUSTOMER_ACCOUNT_KINDS, ...HOUSE_ACCOUNT_KINDS] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/**
 * One ledger account per owner, currency and kind. House accounts have no owner; the unique
 * constraint treats the null owner as one value so each house account exists once.
 *
 * `balance` is the sum of the account's postings, kept in step by postEntry under the row lock it
 * takes anyway, so checking a balance reads one row however long the history (auditLedger checks
 * it against the postings). Signs: a positive balance is what the house owes the owner, so every
 * customer account stays at or above zero except loan_principal, which is what the customer owes
 * the house and stays at or below zero; house accounts may take either sign. The list of known
 * kinds is a CHECK in the hand-written migration (ledger_accounts_kind_known), which renames the
 * older kinds first.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').references(() => customers.id),
    currency: text('currency').notNull(),
    kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    /** Minor units: the sum of this account's postings. */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    unique('ledger_accounts_owner_currency_kind')
      .on(t.customerId, t.currency, t.kind)
      .nullsNotDistinct(),
    check(
      'ledger_accounts_owner_matches_kind',
      sql`starts_with(${t.kind}, 'house_') = (${t.customerId} is null)`,
    ),
    check(
      'ledger_accounts_customer_balance_sign',
      sql`${t.customerId} is null or (case when ${t.kind} = 'loan_principal' then ${t.balance} <= 0 else ${t.balance} >= 0 end)`,
    ),
  ],
);

/**
 * Journal entries and their postings are append-only: a trigger (hand-written ledger migration)
 * refuses update, delete and truncate. A mistake is corrected by a reversing entry (reverseEntry).
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What moved the money, e.g. 'deposit', 'order_fill', 'reversal'. */
    kind: text('kind').notNull(),
    /** Why, in words the customer or an auditor can read. */
    reason: text('reason').notNull(),
    /** Who made it: 'system', 'customer:<id>', 'staff:<id>'. */
    actor: text('actor').notNull(),
    /**
     * Whose keys the idempotency key is among (the actor unless the caller says otherwise): one
     * customer's key never meets another's.
     */
    idempotencyScope: text('idempotency_scope'),
    /** The request's Idempotency-Key; a repeat in the same scope finds this row. */
    idempotencyKey: text('idempotency_key'),
    /** sha256 of the request (kind, reversed entry, postings): a repeat must match it. */
    requestHash: text('request_hash'),
    /** The entry this one negates; unique, so an entry is reversed at most once. */
    reversesEntryId: bigint('reverses_entry_id', { mode: 'number' })
      .unique('journal_entries_reverses_entry_id_unique')
      .references((): AnyPgColumn => journalEntries.id),
    createdAt: createdAt(),
  },
  (t) => [
    // Keys, scope and hash come together: a CHECK in the hand-written migration (it backfills
    // scope and hash of older keyed rows first).
    unique('journal_entries_idempotency').on(t.idempotencyScope, t.idempotencyKey),
  ],
);

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

/**
 * Uploaded files (ID photos). The bytes live encrypted under <data dir>/uploads/<id>, named by
 * this random id, never by anything the client sent.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    ownerCustomerId: integer('owner_customer_id')
      .notNull()
      .references(() => customers.id),
    purpose: text('purpose').notNull(),
    mime: text('mime').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_owner_idx').on(t.ownerCustomerId)],
);

/** What a customer submitted for real-name verification, one row per submission. */
export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    realName: text('real_name').notNull(),
    /** YYMMDD-D: birth date and the sex/century digit, as the spec asks; never the full number. */
    idNumber: text('id_number').notNull(),
    frontPhotoId: text('front_photo_id')
      .notNull()
      .references(() => uploads.id),
    backPhotoId: text('back_photo_id')
      .notNull()
      .references(() => uploads.id),
    createdAt: createdAt(),
  },
  (t) => [index('kyc_submissions_customer_idx').on(t.customerId)],
);

export const ACTOR_KINDS = ['customer', 'staff', 'system'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

/** Every lifecycle transition (ARCHITECTURE rule 1), written only by server/lifecycle. */
export const lifecycleTransitions = pgTable(
  'lifecycle_transitions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    fromState: text('from_state').notNull(),
    event: text('event').notNull(),
    toState: text('to_state').notNull(),
    actorKind: text('actor_kind', { enum: ACTOR_KINDS }).notNull(),
    actorId: integer('actor_id'),
    reason: text('reason'),
    machineVersion: integer('machine_version').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('lifecycle_transitions_entity_idx').on(t.entityType, t.entityId)],
);

export const STAFF_ROLE_VALUES = ['reviewer', 'operator', 'admin'] as const;

export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: serial('id').primaryKey(),
    account: text('account').notNull().unique(),
    role: text('role', { enum: STAFF_ROLE_VALUES }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Set for a one-time password: nothing but changing it is allowed until it is changed. */
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    /** Base32 TOTP secret once enrolment is confirmed. */
    totpSecret: text('totp_secret'),
    /** The time step of the last accepted code, so a code cannot be used twice. */
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
    createdAt: createdAt(),
    /** As for customers: a name that differed only in case from an older one before the index. */
    legacyCaseDuplicate: boolean('legacy_case_duplicate').notNull().default(false),
  },
  (t) => [
    check('staff_accounts_role_known', sql`${t.role} in ('reviewer', 'operator', 'admin')`),
    uniqueIndex('staff_accounts_account_lower_unique')
      .on(sql`lower(${t.account})`)
      .where(sql`not ${t.legacyCaseDuplicate}`),
  ],
);

/** Staff sessions: separate from customers' so no customer token opens the back office. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    /** 'pending' after the password, 'full' after the TOTP code. */
    stage: text('stage', { enum: ['pending', 'full'] }).notNull(),
    /** A secret offered during enrolment, kept until the first code confirms it. */
    enrolSecret: text('enrol_secret'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * The audit log: who did what, when, from where. Append-only: a trigger (migration
 * 0003_audit_append_only) refuses update and delete, and no code path issues either.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorKind: text('actor_kind', { enum: ACTOR_KINDS }).notNull(),
    actorId: integer('actor_id'),
    action: text('action').notNull(),
    /** What was acted on, as '<type>:<id>' (e.g. 'customer:12', 'upload:…'). */
    entity: text('entity'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_actor_idx').on(t.actorKind, t.actorId),
    index('audit_log_entity_idx').on(t.entity),
  ],
);

/**
 * Idempotency keys of calls that honour the Idempotency-Key header (server/http/idempotency.ts):
 * per scope ('customer:<id>', 'staff:<id>'), the hash of the request and the first success
 * answer, written in the same transaction as the call. Kept at least 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** `{ data }` of the success answer; null only while the first call is still running. */
    response: jsonb('response').$type<{ data: unknown }>(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * Clock events of lifecycles (server/lifecycle/jobs): scheduled when a transition enters a state
 * whose meta names a `schedule`, applied by the job runner with actor `system` when due. One row
 * per (entity, event type, due time): scheduling the same job again writes nothing. A job's
 * status is written only by server/lifecycle/jobs, in the transaction that applies its event.
 */
export const lifecycleJobs = pgTable(
  'lifecycle_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    /** `event.type`, kept apart for the uniqueness rule and the list filters. */
    eventType: text('event_type').notNull(),
    /** The whole event object the runner sends to the machine. */
    event: jsonb('event').$type<EventObject>().notNull(),
    /** When the clock rule said the event falls due; never moved (it identifies the job). */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** When the runner may take it: `due_at`, later after a failed try, now after a retry. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** The refusal code of a skipped job, or the error of the last failed try. */
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('lifecycle_jobs_once_idx').on(t.entityType, t.entityId, t.eventType, t.dueAt),
    index('lifecycle_jobs_runnable_idx').on(t.status, t.runAt),
    check(
      'lifecycle_jobs_status_known',
      sql`${t.status} in ('pending', 'done', 'skipped', 'failed')`,
    ),
  ],
);

/**
 * Settings staff change at run time (contract/settings.ts lists the keys, their defaults and
 * checks). A key without a row has its code default; `readSetting` reads either.
 */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedBy: integer('updated_by').references(() => staffAccounts.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Failed guesses at a secret (passwords, fund passwords, TOTP codes), one row per bucket: the
 * account from one source, the account from anywhere, or one source across accounts (an empty
 * account or source marks which). Written only by server/auth/secret-attempts.ts, atomically:
 * an attempt is reserved (counted) before the secret is compared.
 */
export const secretAttempts = pgTable(
  'secret_attempts',
  {
    /** What secret: 'customer_password', 'fund_password', 'staff_password', 'staff_totp'. */
    kind: text('kind').notNull(),
    /** The account the guesses are about (lower-cased name or id); '' for a source bucket. */
    account: text('account').notNull(),
    /** Where the guesses come from (client IP); '' for an account-wide bucket. */
    source: text('source').notNull(),
    /** Failures (reserved attempts) in the current window. */
    failures: integer('failures').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    /** While in the future, every attempt of the bucket is refused without comparing. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Locks in a row; each doubles the next lock (backoff), until a success or a quiet day. */
    lockCount: integer('lock_count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.account, t.source] }),
    index('secret_attempts_updated_idx').on(t.updatedAt),
  ],
);

/**
 * A customer's bank cards (docs/money.md). The number is never stored in the clear: `masked` for
 * screens, `numberHash` (HMAC-SHA-256 under a key derived from the server's upload key) for the
 * "already registered" check, `numberSealed` (AES-256-GCM, bound to the hash) for the staff who
 * pay a withdrawal. Removing a card marks it deleted rather than deleting the row, so a
 * withdrawal can keep naming the card it went to; the unique index covers live cards only, so a
 * removed card can be registered again, by anyone.
 */
export const bankCards = pgTable(
  'bank_cards',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    holder: text('holder').notNull(),
    bank: text('bank').notNull(),
    branch: text('branch').notNull(),
    bankCode: text('bank_code').notNull(),
    masked: text('masked').notNull(),
    numberHash: text('number_hash').notNull(),
    numberSealed: text('number_sealed').notNull(),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bank_cards_live_number')
      .on(t.numberHash)
      .where(sql`${t.deletedAt} is null`),
    index('bank_cards_customer_idx').on(t.customerId),
  ],
);

/**
 * A customer's USDT receiving addresses, one network each (TRC20 or ERC20). `addressKey` is what
 * duplicates are compared by (ERC20 lower-cased: its case is only a checksum). Soft-deleted like
 * cards.
 */
export const wallets = pgTable(
  'wallets',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    type: text('type', { enum: ['TRC20', 'ERC20'] }).notNull(),
    address: text('address').notNull(),
    addressKey: text('address_key').notNull(),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('wallets_live_address')
      .on(t.type, t.addressKey)
      .where(sql`${t.deletedAt} is null`),
    index('wallets_customer_idx').on(t.customerId),
  ],
);

/**
 * Deposits and withdrawals take their ids from this one sequence (server/modules/money/
 * fund-orders.ts), so an id names one fund order whichever table holds it: the customer's cancel
 * and detail calls take only the id. Use it as the id column's default:
 * `id: integer('id').primaryKey().default(sql`nextval('fund_order_ids')`)`.
 */
export const fundOrderIds = pgSequence('fund_order_ids', { startWith: 1000 });

/**
 * Exchange quotes (server/modules/money/exchange-quote.ts): what the customer was offered, held
 * for `fund.quoteSeconds`. `used_at` is set by the one exchange that takes the quote (an update
 * `where used_at is null`, so two exchanges racing on one quote cannot both take it). The rates
 * it was computed from are kept for audit.
 */
export const exchangeQuotes = pgTable(
  'exchange_quotes',
  {
    /** Random, unguessable: the customer sends it back with the exchange. */
    id: text('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    fromCurrency: text('from_currency').notNull(),
    toCurrency: text('to_currency').notNull(),
    /** Minor units of `from` sold. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Minor units of `to` received, rounded down. */
    receive: bigint('receive', { mode: 'number' }).notNull(),
    /** The spread's cost in minor units of `to`. */
    fee: bigint('fee', { mode: 'number' }).notNull(),
    /** Units of `to` per unit of `from`, spread included, as shown. */
    rate: text('rate').notNull(),
    /** The feed's won per unit of each side, as decimal strings, and the spread applied. */
    fromKrwPerUnit: text('from_krw_per_unit').notNull(),
    toKrwPerUnit: text('to_krw_per_unit').notNull(),
    spreadBps: integer('spread_bps').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('exchange_quotes_customer_idx').on(t.customerId)],
);

/** Exchange ids (order number `X<id>`), taken before the entries so their reasons can name it. */
export const exchangeIds = pgSequence('exchange_ids', { startWith: 1000 });

/** A completed exchange: two linked journal entries through the house FX accounts. */
export const exchanges = pgTable(
  'exchanges',
  {
    id: integer('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    quoteId: text('quote_id')
      .notNull()
      .unique('exchanges_quote_unique')
      .references(() => exchangeQuotes.id),
    fromCurrency: text('from_currency').notNull(),
    toCurrency: text('to_currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    receive: bigint('receive', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    rate: text('rate').notNull(),
    /** customer available(from) −amount / house_fx(from) +amount. */
    soldEntryId: bigint('sold_entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    /** house_fx(to) −receive / customer available(to) +receive. */
    boughtEntryId: bigint('bought_entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    createdAt: createdAt(),
  },
  (t) => [index('exchanges_customer_idx').on(t.customerId, t.id)],
);

export const ADJUSTMENT_STATES = ['pending', 'approved', 'rejected'] as const;

/**
 * Manual balance adjustments: proposed by one staff member, decided by another. Approval posts
 * one journal entry (house_suspense ↔ the customer's available) whose id is kept here.
 */
export const balanceAdjustments = pgTable(
  'balance_adjustments',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    currency: text('currency').notNull(),
    /** Signed minor units: positive credits the customer. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    /** Column `state`; `decision` here so no code reads it as a lifecycle column. */
    decision: text('state', { enum: ADJUSTMENT_STATES }).notNull().default('pending'),
    proposedBy: integer('proposed_by')
      .notNull()
      .references(() => staffAccounts.id),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer('decided_by').references(() => staffAccounts.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
  },
  (t) => [
    check(
      'balance_adjustments_state_known',
      sql`${t.decision} in ('pending', 'approved', 'rejected')`,
    ),
    check('balance_adjustments_amount_nonzero', sql`${t.amount} <> 0`),
    check(
      'balance_adjustments_two_staff',
      sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.proposedBy}`,
    ),
    index('balance_adjustments_state_idx').on(t.decision, t.id),
  ],
);

/**
 * The broker's receiving accounts (docs/money.md "Deposits"): the same for every verified
 * customer. A bank account (KRW, USD) or a USDT address (`bankName` is then the network). They
 * change only by two staff members (channel_proposals): an added account is written inactive
 * and becomes active when another staff member approves; a removal deactivates it. `demo` marks
 * the accounts the embedded default seeds on a fresh install, which the screens label as demo.
 */
export const receivingChannels = pgTable(
  'receiving_channels',
  {
    id: serial('id').primaryKey(),
    currency: text('currency').notNull(),
    kind: text('kind', { enum: ['bank', 'wallet'] }).notNull(),
    bankName: text('bank_name').notNull(),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    demo: boolean('demo').notNull().default(false),
    active: boolean('active').notNull().default(false),
    /** When it first became active (null: an addition not approved, or rejected). */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('receiving_channels_currency_idx').on(t.currency, t.active)],
);

/** A proposed change to the receiving accounts; another staff member approves or rejects it. */
export const channelProposals = pgTable('channel_proposals', {
  id: serial('id').primaryKey(),
  action: text('action', { enum: ['add', 'remove'] }).notNull(),
  channelId: integer('channel_id')
    .notNull()
    .references(() => receivingChannels.id),
  reason: text('reason').notNull(),
  /**
   * pending, then approved or rejected: one decision by another staff member, not a lifecycle
   * (named so the lifecycle-writes scan, which watches every state/status key, stays exact).
   */
  decision: text('decision', { enum: ['pending', 'approved', 'rejected'] })
    .notNull()
    .default('pending'),
  proposedBy: integer('proposed_by')
    .notNull()
    .references(() => staffAccounts.id),
  proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull(),
  decidedBy: integer('decided_by').references(() => staffAccounts.id),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
});

const depositStart = initialPersisted<DepositContext>(depositMachine);

/**
 * Deposits (machine `deposit`): what the customer reported, with the voucher they uploaded. The
 * id comes from `fund_order_ids` (shared with withdrawals). A voucher backs one deposit only
 * (unique), and a customer has at most one pending deposit (partial unique index; the one-open-
 * fund-order rule is checked first under the customer's row lock, this is the last guard).
 */
export const deposits = pgTable(
  'deposits',
  {
    id: integer('id')
      .primaryKey()
      .default(sql`nextval('fund_order_ids')`),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    currency: text('currency').notNull(),
    /** Minor units of the currency. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    voucherId: text('voucher_id')
      .notNull()
      .references(() => uploads.id),
    /** The journal entry that credited it. */
    entryId: bigint('entry_id', { mode: 'number' }),
    depositState: text('state').notNull().default(depositStart.state),
    depositContext: jsonb('context')
      .$type<DepositContext>()
      .notNull()
      .default(depositStart.context),
    depositVersion: integer('version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('deposits_voucher_unique').on(t.voucherId),
    uniqueIndex('deposits_one_pending')
      .on(t.customerId)
      .where(sql`${t.depositState} like 'pending%'`),
    index('deposits_customer_idx').on(t.customerId, t.id),
    index('deposits_created_idx').on(t.createdAt),
    check('deposits_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * Withdrawals (docs/money.md "Withdrawals", machines/withdrawal.ts). The id comes from the fund
 * order sequence (order number `W<id>`). The destination is one of the customer's cards or
 * wallets, with the label the customer recognised kept as it was (the card may be removed later,
 * once the withdrawal is final). `expected_arrival` is the latest the money should arrive: set
 * when asked, brought forward on approval. The lifecycle's state, context and version are written
 * by the engine only.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: integer('id')
      .primaryKey()
      .default(sql`nextval('fund_order_ids')`),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    cardId: integer('card_id').references(() => bankCards.id),
    walletId: integer('wallet_id').references(() => wallets.id),
    destinationLabel: text('destination_label').notNull(),
    expectedArrival: timestamp('expected_arrival', { withTimezone: true }).notNull(),
    state: text('state').notNull().default(withdrawalStart.state),
    context: jsonb('context').$type<WithdrawalContext>().notNull().default(withdrawalStart.context),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('withdrawals_amount_positive', sql`${t.amount} > 0`),
    check('withdrawals_one_destination', sql`(${t.cardId} is null) <> (${t.walletId} is null)`),
    index('withdrawals_customer_idx').on(t.customerId, t.id),
    index('withdrawals_card_idx').on(t.cardId),
    index('withdrawals_wallet_idx').on(t.walletId),
    index('withdrawals_state_idx').on(t.state, t.createdAt),
  ],
);

/**
 * The trading products and their terms (docs/trading.md): seeded at start-up, changed by an
 * operator through `/products/set`. An order copies the terms it was placed on (`trade_orders.terms`).
 */
export const tradeProducts = pgTable('trade_products', {
  code: text('code').primaryKey(),
  terms: jsonb('terms').$type<TradeProductTerms>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An order and the position it becomes (machines/order.ts). Amounts are whole won. `margin` is
 * held while pending and pledged (position_margin) while holding; the fees and taxes are what was
 * posted to the house for each leg; `realised_pnl` is posted on close, and its positive part may
 * be withdrawn from `settles_at` (T+2).
 */
export const tradeOrders = pgTable(
  'trade_orders',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    product: text('product').notNull(),
    terms: jsonb('terms').$type<TradeProductTerms>().notNull(),
    symbol: text('symbol').notNull(),
    side: text('side', { enum: ['long', 'short'] }).notNull(),
    type: text('type', { enum: ['limit', 'market'] }).notNull(),
    limitPrice: bigint('limit_price', { mode: 'number' }),
    lots: integer('lots').notNull(),
    shares: integer('shares').notNull(),
    leverage: integer('leverage').notNull(),
    /** The sell tax rate of the symbol's market, in millionths, when placed. */
    taxPpm: integer('tax_ppm').notNull(),
    margin: bigint('margin', { mode: 'number' }).notNull(),
    notional: bigint('notional', { mode: 'number' }),
    openFee: bigint('open_fee', { mode: 'number' }).notNull().default(0),
    openTax: bigint('open_tax', { mode: 'number' }).notNull().default(0),
    closeFee: bigint('close_fee', { mode: 'number' }).notNull().default(0),
    closeTax: bigint('close_tax', { mode: 'number' }).notNull().default(0),
    realisedPnl: bigint('realised_pnl', { mode: 'number' }),
    /** When an unfilled order expires: the session's end when placed (the `sessionEnd` clock rule). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    settlesAt: timestamp('settles_at', { withTimezone: true }),
    state: text('state').notNull().default(orderStart.state),
    context: jsonb('context').$type<OrderContext>().notNull().default(orderStart.context),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'trade_orders_counts_positive',
      sql`${t.lots} > 0 and ${t.shares} > 0 and ${t.leverage} > 0`,
    ),
    check('trade_orders_margin', sql`${t.margin} >= 0`),
    index('trade_orders_customer_idx').on(t.customerId, t.id),
    index('trade_orders_customer_state_idx').on(t.customerId, t.state),
    index('trade_orders_state_idx').on(t.state, t.symbol),
  ],
);

/** A block-trade offering staff listed: a symbol at a price, a minimum, a window. */
export const blockOfferings = pgTable(
  'block_offerings',
  {
    id: serial('id').primaryKey(),
    symbol: text('symbol').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    minShares: integer('min_shares').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    /** Seeded for the embedded default, not a real offering. */
    demo: boolean('demo').notNull().default(false),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    check('block_offerings_price_positive', sql`${t.price} > 0 and ${t.minShares} > 0`),
    check('block_offerings_window', sql`${t.opensAt} < ${t.closesAt}`),
  ],
);

/** A customer's application for shares of an offering (machines/block-application.ts). */
export const blockApplications = pgTable(
  'block_applications',
  {
    id: serial('id').primaryKey(),
    offeringId: integer('offering_id')
      .notNull()
      .references(() => blockOfferings.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    shares: integer('shares').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    /** price × shares, held while under review. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The position it became once approved. */
    orderId: integer('order_id').references(() => tradeOrders.id),
    state: text('state').notNull().default(blockApplicationStart.state),
    context: jsonb('context')
      .$type<BlockApplicationContext>()
      .notNull()
      .default(blockApplicationStart.context),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('block_applications_shares_positive', sql`${t.shares} > 0 and ${t.amount} > 0`),
    index('block_applications_customer_idx').on(t.customerId, t.id),
    index('block_applications_state_idx').on(t.state, t.id),
  ],
);

// ---- Corporate actions: dividends and rights issues (docs/corporate-actions.md) ----------------

const corporateActionStart = initialPersisted<CorporateActionContext>(corporateActionMachine);
const rightsApplicationStart = initialPersisted<RightsApplicationContext>(rightsApplicationMachine);

export const CORPORATE_ACTION_KINDS = ['dividend', 'rights'] as const;
export type CorporateActionKind = (typeof CORPORATE_ACTION_KINDS)[number];

/**
 * A corporate action on staff's calendar (machines/corporate-action.ts). A dividend pays
 * `per_share` won per share held on the record date; a rights issue offers `ratio_ppm` millionths
 * of a new share per share held at `issue_price`, applied for until `window_closes_at` and listed
 * at `pay_at`. `price_factor_ppm` is the factor the simulator's prices took on the record date.
 */
export const corporateActions = pgTable(
  'corporate_actions',
  {
    id: serial('id').primaryKey(),
    symbol: text('symbol').notNull(),
    kind: text('kind', { enum: CORPORATE_ACTION_KINDS }).notNull(),
    recordAt: timestamp('record_at', { withTimezone: true }).notNull(),
    payAt: timestamp('pay_at', { withTimezone: true }).notNull(),
    windowClosesAt: timestamp('window_closes_at', { withTimezone: true }),
    perShare: bigint('per_share', { mode: 'number' }),
    issuePrice: bigint('issue_price', { mode: 'number' }),
    ratioPpm: integer('ratio_ppm'),
    /** The market the symbol trades on when announced (the position's sell tax). */
    market: text('market', { enum: ['KOSPI', 'KOSDAQ'] }).notNull(),
    priceFactorPpm: integer('price_factor_ppm').notNull(),
    /** Seeded for the embedded default, not a real action. */
    demo: boolean('demo').notNull().default(false),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    state: text('state').notNull().default(corporateActionStart.state),
    context: jsonb('context')
      .$type<CorporateActionContext>()
      .notNull()
      .default(corporateActionStart.context),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('corporate_actions_dates', sql`${t.recordAt} < ${t.payAt}`),
    check(
      'corporate_actions_terms',
      sql`case when ${t.kind} = 'dividend' then ${t.perShare} > 0 else ${t.issuePrice} > 0 and ${t.ratioPpm} > 0 and ${t.windowClosesAt} > ${t.recordAt} and ${t.windowClosesAt} <= ${t.payAt} end`,
    ),
    index('corporate_actions_record_idx').on(t.recordAt),
  ],
);

/**
 * Who the record date entitled, one row per holder: the shares held in open `stock` longs, and
 * for a dividend the gross, the tax withheld and the net (paid by `entry_id` at `paid_at`); for
 * a rights issue the new shares they may apply for.
 */
export const corporateEntitlements = pgTable(
  'corporate_entitlements',
  {
    id: serial('id').primaryKey(),
    actionId: integer('action_id')
      .notNull()
      .references(() => corporateActions.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    sharesHeld: integer('shares_held').notNull(),
    entitledShares: integer('entitled_shares').notNull().default(0),
    gross: bigint('gross', { mode: 'number' }).notNull().default(0),
    tax: bigint('tax', { mode: 'number' }).notNull().default(0),
    net: bigint('net', { mode: 'number' }).notNull().default(0),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('corporate_entitlements_action_customer').on(t.actionId, t.customerId),
    index('corporate_entitlements_customer_idx').on(t.customerId, t.id),
    check('corporate_entitlements_amounts', sql`${t.gross} = ${t.tax} + ${t.net}`),
  ],
);

/** A holder's application for new shares of a rights issue (machines/rights-application.ts). */
export const rightsApplications = pgTable(
  'rights_applications',
  {
    id: serial('id').primaryKey(),
    actionId: integer('action_id')
      .notNull()
      .references(() => corporateActions.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    shares: integer('shares').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    /** price × shares, held from applying until listed (or given back). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The position it became once listed. */
    orderId: integer('order_id').references(() => tradeOrders.id),
    state: text('state').notNull().default(rightsApplicationStart.state),
    context: jsonb('context')
      .$type<RightsApplicationContext>()
      .notNull()
      .default(rightsApplicationStart.context),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('rights_applications_positive', sql`${t.shares} > 0 and ${t.amount} > 0`),
    index('rights_applications_customer_idx').on(t.customerId, t.id),
    index('rights_applications_action_idx').on(t.actionId, t.state),
  ],
);

// ---- IPO subscriptions (issue 12, docs/ipo.md) ----------------------------------------------

const subscriptionStart = initialPersisted<SubscriptionContext>(subscriptionMachine);

/**
 * An IPO offering: its terms and schedule. `seed` is secret until the draw (chosen at publish);
 * `seed_hash` is published with the offering. Staff edit a draft; publishing fixes the seed.
 */
export const ipoOfferings = pgTable(
  'ipo_offerings',
  {
    id: serial('id').primaryKey(),
    symbol: text('symbol').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    market: text('market').notNull(),
    broker: text('broker').notNull(),
    offerPrice: bigint('offer_price', { mode: 'number' }).notNull(),
    sharesOffered: bigint('shares_offered', { mode: 'number' }).notNull(),
    minShares: integer('min_shares').notNull(),
    maxTimes: integer('max_times').notNull(),
    minFunds: bigint('min_funds', { mode: 'number' }).notNull().default(0),
    depositPct: integer('deposit_pct').notNull(),
    equalShareBps: integer('equal_share_bps').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    drawAt: timestamp('draw_at', { withTimezone: true }).notNull(),
    paymentDeadline: timestamp('payment_deadline', { withTimezone: true }).notNull(),
    listingAt: timestamp('listing_at', { withTimezone: true }).notNull(),
    /** draft (staff edit it) → published (customers see it; the seed's hash is out). */
    publication: text('publication', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    /** The draw's seed: never shown before the draw. */
    seed: text('seed'),
    /** Hex SHA-256 of the seed, published with the offering. */
    seedHash: text('seed_hash'),
    demo: boolean('demo').notNull().default(false),
    createdBy: integer('created_by'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'ipo_offerings_terms',
      sql`${t.offerPrice} > 0 and ${t.sharesOffered} > 0 and ${t.minShares} > 0 and ${t.maxTimes} > 0`,
    ),
    check(
      'ipo_offerings_schedule',
      sql`${t.opensAt} < ${t.closesAt} and ${t.closesAt} <= ${t.drawAt} and ${t.drawAt} <= ${t.paymentDeadline} and ${t.paymentDeadline} <= ${t.listingAt}`,
    ),
    check(
      'ipo_offerings_published_seed',
      sql`${t.publication} = 'draft' or (${t.seed} is not null and ${t.seedHash} is not null)`,
    ),
  ],
);

/** A customer's subscription to an offering (machines/subscription.ts). */
export const ipoSubscriptions = pgTable(
  'ipo_subscriptions',
  {
    id: serial('id').primaryKey(),
    offeringId: integer('offering_id')
      .notNull()
      .references(() => ipoOfferings.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    shares: bigint('shares', { mode: 'number' }).notNull(),
    offerPrice: bigint('offer_price', { mode: 'number' }).notNull(),
    /** Held in the customer's ipo_deposit account at subscribing. */
    deposit: bigint('deposit', { mode: 'number' }).notNull(),
    /** Paid up (the deposit's part included) once paid. */
    paid: bigint('paid', { mode: 'number' }).notNull().default(0),
    /** Deposit released to available (not won, waived, or the excess at payment). */
    refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
    /** The position the listed shares became. */
    orderId: integer('order_id').references(() => tradeOrders.id),
    state: text('state').notNull().default(subscriptionStart.state),
    context: jsonb('context')
      .$type<SubscriptionContext>()
      .notNull()
      .default(subscriptionStart.context),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ipo_subscriptions_amounts', sql`${t.shares} > 0 and ${t.deposit} >= 0`),
    index('ipo_subscriptions_customer_idx').on(t.customerId, t.id),
    index('ipo_subscriptions_offering_idx').on(t.offeringId, t.customerId),
  ],
);

export interface IpoDrawAllocationRow {
  id: string;
  applied: number;
  equal: number;
  proportional: number;
  total: number;
}

/** A published draw: its inputs (hashed ids), every allocation, and which subscription is which. */
export const ipoDraws = pgTable('ipo_draws', {
  offeringId: integer('offering_id')
    .primaryKey()
    .references(() => ipoOfferings.id),
  rule: text('rule').notNull(),
  seed: text('seed').notNull(),
  seedHash: text('seed_hash').notNull(),
  sharesOffered: bigint('shares_offered', { mode: 'number' }).notNull(),
  minShares: integer('min_shares').notNull(),
  equalShareBps: integer('equal_share_bps').notNull(),
  /** In id order: (hashed id, shares applied for). */
  inputs: jsonb('inputs').$type<{ id: string; shares: number }[]>().notNull(),
  allocations: jsonb('allocations').$type<IpoDrawAllocationRow[]>().notNull(),
  drawnAt: timestamp('drawn_at', { withTimezone: true }).notNull(),
});

// --- Service (issue 13, docs/service.md): daily check-in, profile, seat accounts -------------

/**
 * One row per customer and Seoul calendar day checked in (`day` is the Seoul day number, days
 * since 1970-01-01). The unique (customer, day) is what makes parallel check-ins count once.
 */
export const checkIns = pgTable(
  'check_ins',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    day: integer('day').notNull(),
    /** The streak this check-in made (1 = first day of a run). */
    streak: integer('streak').notNull(),
    points: integer('points').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('check_ins_customer_day_unique').on(t.customerId, t.day),
    check('check_ins_streak_positive', sql`${t.streak} > 0 and ${t.points} >= 0`),
  ],
);

/** The reward catalogue staff set: what each reward gives and how many check-ins it costs. */
export const checkInRewards = pgTable(
  'check_in_rewards',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    kind: text('kind').notNull(),
    checkInsRequired: integer('check_ins_required').notNull(),
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by')
      .notNull()
      .references(() => staffAccounts.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('check_in_rewards_required_positive', sql`${t.checkInsRequired} > 0`)],
);

/**
 * A reward a customer took, with the check-ins it spent. A commission coupon is unused until an
 * order's opening commission takes it (`used_order_id`, set once).
 */
export const checkInRedemptions = pgTable(
  'check_in_redemptions',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    rewardId: integer('reward_id')
      .notNull()
      .references(() => checkInRewards.id),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    checkInsSpent: integer('check_ins_spent').notNull(),
    usedOrderId: integer('used_order_id').references(() => tradeOrders.id),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('check_in_redemptions_customer_idx').on(t.customerId, t.id),
    unique('check_in_redemptions_order_unique').on(t.usedOrderId),
  ],
);

/** The nickname a customer chose (the avatar's upload id is `customers.avatar`). */
export const customerProfiles = pgTable('customer_profiles', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id),
  nickname: text('nickname'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

const seatAccountStart = initialPersisted<SeatAccountContext>(seatAccountMachine);

/** A customer's seat-account application (machines/seat-account.ts), one row per customer. */
export const seatAccounts = pgTable(
  'seat_accounts',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .unique()
      .references(() => customers.id),
    state: text('state').notNull().default(seatAccountStart.state),
    context: jsonb('context')
      .$type<SeatAccountContext>()
      .notNull()
      .default(seatAccountStart.context),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('seat_accounts_state_idx').on(t.state, t.id)],
);

// ---- Message centre (docs/messages.md) ------------------------------------------------------

/**
 * A staff announcement: its texts (Korean required, other languages optional) and its audience.
 * Sending writes one `messages` row per customer it reaches.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    audience: text('audience', { enum: ['all', 'institution', 'accounts'] }).notNull(),
    institutionId: integer('institution_id').references(() => institutions.id),
    /** The account names listed (audience `accounts`), as staff typed them. */
    accounts: jsonb('accounts').$type<string[]>().notNull().default([]),
    /** Per locale (`ko` always): `{ title, body }`. */
    texts: jsonb('texts').$type<Record<string, { title: string; body: string }>>().notNull(),
    recipients: integer('recipients').notNull(),
    createdBy: integer('created_by').references(() => staffAccounts.id),
    createdAt: createdAt(),
  },
  (t) => [index('announcements_created_idx').on(t.id)],
);

/**
 * One message to one customer: from a lifecycle transition (a message code and its parameters,
 * rendered in the reader's language when read; `entity_*` and `entity_version` name the
 * transition, unique, so a transition never writes two) or an announcement.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    kind: text('kind', { enum: ['event', 'announcement'] }).notNull(),
    code: text('code'),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    /** The entity's version after the transition. */
    entityVersion: integer('entity_version'),
    announcementId: integer('announcement_id').references(() => announcements.id),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_customer_idx').on(t.customerId, t.id),
    index('messages_unread_idx')
      .on(t.customerId)
      .where(sql`${t.readAt} is null`),
    uniqueIndex('messages_transition_unique')
      .on(t.entityType, t.entityId, t.entityVersion, t.customerId)
      .where(sql`${t.entityType} is not null`),
    uniqueIndex('messages_announcement_unique')
      .on(t.announcementId, t.customerId)
      .where(sql`${t.announcementId} is not null`),
    check(
      'messages_kind_fields',
      sql`(${t.kind} = 'event' and ${t.code} is not null and ${t.entityType} is not null) or (${t.kind} = 'announcement' and ${t.announcementId} is not null)`,
    ),
  ],
);

// ---- News (issue 13, docs/news.md) ----------------------------------------------------------

const newsArticleStart = initialPersisted<NewsArticleContext>(newsArticleMachine);

/** Raw bytes (PostgreSQL bytea) as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * An image staff uploaded for an article (cover or body), as the upload pipeline re-encoded it.
 * Public once its article is published, so stored plainly in the database (not with the
 * encrypted identity photos), and served by id.
 */
export const newsImages = pgTable('news_images', {
  id: text('id').primaryKey(),
  uploadedBy: integer('uploaded_by').references(() => staffAccounts.id),
  mime: text('mime').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});

/** An article: what is common to its language versions, and its lifecycle (machines/news-article.ts). */
export const newsArticles = pgTable(
  'news_articles',
  {
    id: serial('id').primaryKey(),
    source: text('source').$type<NewsSource>().notNull(),
    /** What the feed did, for system articles. */
    kind: text('kind').$type<SystemNewsKind>(),
    /** Written from the simulator's feed. */
    simulated: boolean('simulated').notNull().default(false),
    hot: boolean('hot').notNull().default(false),
    tags: jsonb('tags').$type<NewsTag[]>().notNull().default([]),
    stockCodes: jsonb('stock_codes').$type<string[]>().notNull().default([]),
    coverImageId: text('cover_image_id').references(() => newsImages.id),
    /** One system article per event (e.g. `vi:005930:2026-03-02`): a noisy feed writes it once. */
    dedupeKey: text('dedupe_key').unique(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => staffAccounts.id),
    state: text('state').notNull().default(newsArticleStart.state),
    context: jsonb('context')
      .$type<NewsArticleContext>()
      .notNull()
      .default(newsArticleStart.context),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('news_articles_state_idx').on(t.state, t.hot, t.publishedAt),
    index('news_articles_source_idx').on(t.source, t.createdAt),
  ],
);

/** One language version of an article; the body is HTML as the sanitiser left it. */
export const newsArticleVersions = pgTable(
  'news_article_versions',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => newsArticles.id, { onDelete: 'cascade' }),
    lang: text('lang').$type<NewsLocale>().notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.lang] })],
);

// ---- Placements and auctions (issue 12, docs/placements.md) ------------------------------------

const placementStart = initialPersisted<OfferingWindowContext>(placementMachine);
const placementApplicationStart = initialPersisted<PlacementApplicationContext>(
  placementApplicationMachine,
);
const auctionStart = initialPersisted<OfferingWindowContext>(auctionMachine);
const auctionBidStart = initialPersisted<AuctionBidContext>(auctionBidMachine);

/** One tier of a placement: applying for at least `minShares` earns `allotPct` % of them. */
export interface PlacementTier {
  minShares: number;
  allotPct: number;
}

/** A placement staff set up (machines/offering-window.ts): tiers, price, window, deposit. */
export const placements = pgTable(
  'placements',
  {
    id: serial('id').primaryKey(),
    symbol: text('symbol').notNull(),
    /** The instrument's name and market (KOSPI, KOSDAQ), written when set up: the close and
     * the records read no market feed. */
    name: text('name').notNull(),
    market: text('market').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    sharesOffered: integer('shares_offered').notNull(),
    /** Ascending by minimum; the lowest minimum is the least one can apply for. */
    tiers: jsonb('tiers').$type<PlacementTier[]>().notNull(),
    /** The share of price × shares held when applying. */
    depositPct: integer('deposit_pct').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    /** How long an allotment waits for payment after the close. */
    paymentHours: integer('payment_hours').notNull(),
    demo: boolean('demo').notNull().default(false),
    createdBy: integer('created_by'),
    state: text('state').notNull().default(placementStart.state),
    context: jsonb('context')
      .$type<OfferingWindowContext>()
      .notNull()
      .default(placementStart.context),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'placements_positive',
      sql`${t.price} > 0 and ${t.sharesOffered} > 0 and ${t.depositPct} between 1 and 100 and ${t.paymentHours} > 0`,
    ),
    check('placements_window', sql`${t.opensAt} < ${t.closesAt}`),
  ],
);

/** A customer's application for a placement (machines/placement-application.ts). */
export const placementApplications = pgTable(
  'placement_applications',
  {
    id: serial('id').primaryKey(),
    placementId: integer('placement_id')
      .notNull()
      .references(() => placements.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    shares: integer('shares').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    /** What applying held (the placement's deposit share of price × shares). */
    deposit: bigint('deposit', { mode: 'number' }).notNull(),
    /** The position the paid-up shares became. */
    orderId: integer('order_id').references(() => tradeOrders.id),
    state: text('state').notNull().default(placementApplicationStart.state),
    context: jsonb('context')
      .$type<PlacementApplicationContext>()
      .notNull()
      .default(placementApplicationStart.context),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('placement_applications_positive', sql`${t.shares} > 0 and ${t.deposit} > 0`),
    index('placement_applications_customer_idx').on(t.customerId, t.id),
    index('placement_applications_placement_idx').on(t.placementId, t.id),
  ],
);

/** An auction staff set up (machines/offering-window.ts): shares offered, reserve, window. */
export const auctions = pgTable(
  'auctions',
  {
    id: serial('id').primaryKey(),
    symbol: text('symbol').notNull(),
    name: text('name').notNull(),
    market: text('market').notNull(),
    sharesOffered: integer('shares_offered').notNull(),
    /** The lowest price a bid may name. */
    reservePrice: bigint('reserve_price', { mode: 'number' }).notNull(),
    minShares: integer('min_shares').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    demo: boolean('demo').notNull().default(false),
    createdBy: integer('created_by'),
    state: text('state').notNull().default(auctionStart.state),
    context: jsonb('context')
      .$type<OfferingWindowContext>()
      .notNull()
      .default(auctionStart.context),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'auctions_positive',
      sql`${t.sharesOffered} > 0 and ${t.reservePrice} > 0 and ${t.minShares} > 0`,
    ),
    check('auctions_window', sql`${t.opensAt} < ${t.closesAt}`),
  ],
);

/** A sealed bid (machines/auction-bid.ts). */
export const auctionBids = pgTable(
  'auction_bids',
  {
    id: serial('id').primaryKey(),
    auctionId: integer('auction_id')
      .notNull()
      .references(() => auctions.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    price: bigint('price', { mode: 'number' }).notNull(),
    shares: integer('shares').notNull(),
    /** What bidding held: price × shares and the commission on it. */
    held: bigint('held', { mode: 'number' }).notNull(),
    orderId: integer('order_id').references(() => tradeOrders.id),
    state: text('state').notNull().default(auctionBidStart.state),
    context: jsonb('context').$type<AuctionBidContext>().notNull().default(auctionBidStart.context),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('auction_bids_positive', sql`${t.price} > 0 and ${t.shares} > 0 and ${t.held} > 0`),
    index('auction_bids_customer_idx').on(t.customerId, t.id),
    index('auction_bids_auction_idx').on(t.auctionId, t.price, t.id),
  ],
);

// ---- Customer service (issue 13, docs/support.md) -------------------------------------------

const conversationStart = initialPersisted<ConversationContext>(conversationMachine);

/**
 * A customer's conversation with the agents (machines/conversation.ts), one per customer, kept
 * with its whole history. `agent_id` is who has it while assigned; the read marks are the last
 * message id each side has read (read receipts).
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .unique()
      .references(() => customers.id),
    agentId: integer('agent_id').references(() => staffAccounts.id),
    state: text('state').notNull().default(conversationStart.state),
    context: jsonb('context')
      .$type<ConversationContext>()
      .notNull()
      .default(conversationStart.context),
    version: integer('version').notNull().default(0),
    customerReadUpTo: bigint('customer_read_up_to', { mode: 'number' }).notNull().default(0),
    staffReadUpTo: bigint('staff_read_up_to', { mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_conversations_state_idx').on(t.state, t.updatedAt),
    index('support_conversations_agent_idx').on(t.agentId),
  ],
);

/** One chat message: text or an image (an encrypted upload owned by the customer). */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => supportConversations.id),
    sender: text('sender', { enum: ['customer', 'staff'] }).notNull(),
    staffId: integer('staff_id').references(() => staffAccounts.id),
    body: text('body'),
    uploadId: text('upload_id').references(() => uploads.id),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    /** Left while no agent was on shift. */
    left: boolean('left').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_messages_conversation_idx').on(t.conversationId, t.id),
    check('support_messages_content', sql`(${t.body} is not null) <> (${t.uploadId} is not null)`),
    check('support_messages_sender', sql`(${t.sender} = 'staff') = (${t.staffId} is not null)`),
  ],
);

/** The replies agents pick from instead of typing. */
export const supportCannedReplies = pgTable('support_canned_replies', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  createdBy: integer('created_by').references(() => staffAccounts.id),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Staff on shift answering the chat: a row while on shift. */
export const supportShifts = pgTable('support_shifts', {
  staffId: integer('staff_id')
    .primaryKey()
    .references(() => staffAccounts.id),
  since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
});
