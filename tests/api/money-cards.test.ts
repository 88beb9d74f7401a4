import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BalanceRowDto, BankCardDto, WalletDto } from '../../contract';
import { BANK_CARDS_MAX, WALLETS_MAX } from '../../contract';
import { customerAccountId, houseAccountId, postEntry } from '../../server/ledger';
import { auditLog, bankCards, secretAttempts, wallets } from '../../server/db/schema';
import { cardKeys, openCardNumber } from '../../server/modules/money';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import type { Session } from './api-helpers';
import {
  call,
  customerIdOf,
  envelope,
  expectRefusal,
  expectSuccess,
  registerCustomer,
  writeSnapshot,
} from './api-helpers';
import type { SignedInStaff } from './identity-helpers';
import { signInNewStaff, staffCall, submitKyc } from './identity-helpers';

/**
 * Issue 10, first part: bank cards, USDT wallets and balances through the real API, on PGlite and
 * (with DATABASE_URL) PostgreSQL, where the parallel cases really race.
 */

const FUND = '135790';
/** Valid on their networks (the USDT contract on TRON; the EIP-55 example address). */
const TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ERC20 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

let cardSerial = 100_000_000_000;
/** A card body with a number no other test uses. */
function newCard(extra: Record<string, unknown> = {}) {
  cardSerial += 1;
  return {
    holder: '홍길동',
    bank: '국민은행',
    branch: '강남지점',
    bankCode: '004',
    cardHead: '9410',
    cardTail: String(cardSerial),
    fundPassword: FUND,
    ...extra,
  };
}

/** A fresh all-lower-case ERC20 address (valid: no case, no checksum to carry). */
const randomErc20 = () => `0x${randomBytes(20).toString('hex')}`;

describe.each(databaseKinds)('bank cards, wallets and balances on %s', (kind) => {
  let t: TestApp;
  let reviewer: SignedInStaff;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    reviewer = await signInNewStaff(t.app, t.db, 'reviewer');
  });
  afterAll(() => t.close());

  /** Registered, verified as 홍길동, fund password set. */
  async function verifiedCustomer(): Promise<Session> {
    const session = await registerCustomer(t.app, t.demoCode);
    expectSuccess((await submitKyc(t.app, session)).response);
    const customerId = await customerIdOf(t.db, session);
    expectSuccess(await staffCall(t.app, '/kyc/approve', { customerId }, reviewer.token));
    expectSuccess(
      await call(
        t.app,
        '/user/fundPassword/set',
        { fundPassword: FUND, confirmFundPassword: FUND },
        { session },
      ),
    );
    return session;
  }

  const cardsOf = async (session: Session) =>
    expectSuccess<BankCardDto[]>(await call(t.app, '/user/bankList', {}, { session }));
  const walletsOf = async (session: Session) =>
    expectSuccess<WalletDto[]>(await call(t.app, '/user/walletList', {}, { session }));

  it('adds a card in the verified name, lists it masked and stores no number in the clear', async () => {
    const session = await verifiedCustomer();
    expect(await cardsOf(session)).toEqual([]);
    const body = newCard({ holder: ' 홍길동 ', bankCode: 'kookkrse' });
    const card = expectSuccess<BankCardDto>(
      await call(t.app, '/user/addBankCard', body, { session }),
    );
    expect(card).toMatchObject({
      holder: '홍길동',
      bank: '국민은행',
      branch: '강남지점',
      bankCode: 'KOOKKRSE',
      masked: `9410 **** **** ${body.cardTail.slice(-4)}`,
    });
    expect(await cardsOf(session)).toEqual([card]);

    const digits = `${body.cardHead}${body.cardTail}`;
    const [row] = await t.db.select().from(bankCards).where(eq(bankCards.id, card.id));
    if (!row) throw new Error('card row missing');
    expect(JSON.stringify(row)).not.toContain(body.cardTail);
    expect(JSON.stringify(row)).not.toContain(body.cardTail.slice(0, 8));
    // The staff paying a withdrawal can recover it with the server's key, and only bound to its hash.
    const keys = cardKeys(t.app.maru.uploads);
    expect(openCardNumber(keys, row.numberHash, row.numberSealed)).toBe(digits);
    expect(() => openCardNumber(keys, 'f'.repeat(64), row.numberSealed)).toThrow();

    // Audited, with the masked number only.
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'addBankCard'), eq(auditLog.entity, `bank_card:${card.id}`)));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits[0])).not.toContain(body.cardTail);
    expect(JSON.stringify(audits[0])).toContain(card.masked);
  });

  it('refuses a card before verification and a holder that is not the verified name', async () => {
    const unverified = await registerCustomer(t.app, t.demoCode);
    expectRefusal(
      await call(t.app, '/user/addBankCard', newCard(), { session: unverified }),
      'kyc.required',
      400,
    );
    const session = await verifiedCustomer();
    const before = await writeSnapshot(t.db);
    expectRefusal(
      await call(t.app, '/user/addBankCard', newCard({ holder: '김철수' }), { session }),
      'bank_card.holder_mismatch',
      400,
      'holder',
    );
    expect(await writeSnapshot(t.db)).toEqual(before);
    expect(await cardsOf(session)).toEqual([]);
  });

  it('refuses a card already registered, by anyone; a removed card can be added again', async () => {
    const first = await verifiedCustomer();
    const second = await verifiedCustomer();
    const body = newCard();
    const card = expectSuccess<BankCardDto>(
      await call(t.app, '/user/addBankCard', body, { session: first }),
    );
    for (const session of [first, second]) {
      expectRefusal(
        await call(t.app, '/user/addBankCard', body, { session }),
        'bank_card.exists',
        409,
        'cardTail',
      );
    }
    expect(await cardsOf(second)).toEqual([]);
    expectSuccess(
      await call(
        t.app,
        '/user/delBankCard',
        { id: card.id, fundPassword: FUND },
        { session: first },
      ),
    );
    expect(await cardsOf(first)).toEqual([]);
    const again = expectSuccess<BankCardDto>(
      await call(t.app, '/user/addBankCard', body, { session: second }),
    );
    expect(again.id).not.toBe(card.id);
  });

  it('lets exactly one of parallel adds of the same card through', async () => {
    const sessions = [await verifiedCustomer(), await verifiedCustomer()];
    const body = newCard();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(t.app, '/user/addBankCard', body, { session: sessions[i % 2] }),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expectRefusal(refused, 'bank_card.exists', 409, 'cardTail');
    }
    const live = await t.db
      .select()
      .from(bankCards)
      .where(eq(bankCards.masked, `9410 **** **** ${body.cardTail.slice(-4)}`));
    expect(live.filter((r) => r.deletedAt === null)).toHaveLength(1);
  });

  it('replays an add retried with the same Idempotency-Key', async () => {
    const session = await verifiedCustomer();
    const body = newCard();
    const headers = { 'idempotency-key': `add-card-${body.cardTail}` };
    const first = expectSuccess<BankCardDto>(
      await call(t.app, '/user/addBankCard', body, { session, headers }),
    );
    const retry = expectSuccess<BankCardDto>(
      await call(t.app, '/user/addBankCard', body, { session, headers }),
    );
    expect(retry).toEqual(first);
    expect(await cardsOf(session)).toHaveLength(1);
  });

  it('counts wrong fund passwords on add and delete toward one lock, writing no card', async () => {
    const session = await verifiedCustomer();
    const card = expectSuccess<BankCardDto>(
      await call(t.app, '/user/addBankCard', newCard(), { session }),
    );
    const wrongAdd = () =>
      call(t.app, '/user/addBankCard', newCard({ fundPassword: '000000' }), { session });
    const wrongDelete = () =>
      call(t.app, '/user/delBankCard', { id: card.id, fundPassword: '000000' }, { session });
    for (const [i, attempt] of [wrongAdd, wrongDelete, wrongAdd, wrongDelete].entries()) {
      const refusal = expectRefusal(await attempt(), 'fund_password.wrong', 400, 'fundPassword');
      expect(refusal.params?.attemptsLeft).toBe(4 - i);
    }
    const locked = expectRefusal(await wrongAdd(), 'fund_password.locked', 403);
    expect(locked.params?.minutes).toBe(30);
    // The right password is refused too while locked, for every fund-password call.
    expectRefusal(
      await call(t.app, '/user/addBankCard', newCard(), { session }),
      'fund_password.locked',
      403,
    );
    expectRefusal(
      await call(t.app, '/user/delBankCard', { id: card.id, fundPassword: FUND }, { session }),
      'fund_password.locked',
      403,
    );
    expectRefusal(
      await call(
        t.app,
        '/user/addWallet',
        { type: 'TRC20', address: TRC20, fundPassword: FUND },
        { session },
      ),
      'fund_password.locked',
      403,
    );
    expect(await cardsOf(session)).toEqual([card]);
    const customerId = await customerIdOf(t.db, session);
    const counted = await t.db
      .select()
      .from(secretAttempts)
      .where(eq(secretAttempts.account, String(customerId)));
    expect(counted.some((r) => r.lockedUntil !== null)).toBe(true);
  });

  it("answers another customer's card or wallet id like an unknown one and changes nothing", async () => {
    const owner = await verifiedCustomer();
    const intruder = await verifiedCustomer();
    const card = expectSuccess<BankCardDto>(
      await call(t.app, '/user/addBankCard', newCard(), { session: owner }),
    );
    const wallet = expectSuccess<WalletDto>(
      await call(
        t.app,
        '/user/addWallet',
        { type: 'ERC20', address: randomErc20(), fundPassword: FUND },
        { session: owner },
      ),
    );
    expect(await cardsOf(intruder)).toEqual([]);
    expect(await walletsOf(intruder)).toEqual([]);
    const before = await writeSnapshot(t.db);
    const foreignCard = await call(
      t.app,
      '/user/delBankCard',
      { id: card.id, fundPassword: FUND },
      { session: intruder },
    );
    const unknownCard = await call(
      t.app,
      '/user/delBankCard',
      { id: 2_000_000_000, fundPassword: FUND },
      { session: intruder },
    );
    expectRefusal(foreignCard, 'bank_card.not_found', 404, 'id');
    expect(foreignCard.json()).toEqual(unknownCard.json());
    const foreignWallet = await call(
      t.app,
      '/user/delWallet',
      { id: wallet.id, fundPassword: FUND },
      { session: intruder },
    );
    expectRefusal(foreignWallet, 'wallet.not_found', 404, 'id');
    expect(await writeSnapshot(t.db)).toEqual(before);
    expect(await cardsOf(owner)).toEqual([card]);
    expect(await walletsOf(owner)).toEqual([wallet]);
    const [row] = await t.db.select().from(bankCards).where(eq(bankCards.id, card.id));
    expect(row?.deletedAt).toBeNull();
  });

  it('refuses bad input with a coded refusal naming the field, writing nothing', async () => {
    const session = await verifiedCustomer();
    const cases: [Record<string, unknown>, string, string][] = [
      [newCard({ holder: '홍길\u0000동' }), 'request.invalid_characters', 'holder'],
      [newCard({ bank: '\u0000' }), 'request.invalid_characters', 'bank'],
      [newCard({ cardHead: '123' }), 'bank_card.invalid_number', 'cardHead'],
      [newCard({ cardHead: '12345' }), 'request.too_long', 'cardHead'],
      [newCard({ cardHead: '12a4' }), 'bank_card.invalid_number', 'cardHead'],
      [newCard({ cardTail: '12345678901' }), 'bank_card.invalid_number', 'cardTail'],
      [newCard({ cardTail: '1234567890123' }), 'request.too_long', 'cardTail'],
      [newCard({ cardTail: '１２３４５６７８９０１２' }), 'bank_card.invalid_number', 'cardTail'],
      [newCard({ cardTail: 123456789012 }), 'request.wrong_type', 'cardTail'],
      [newCard({ bankCode: '0-4' }), 'bank_card.invalid_bank_code', 'bankCode'],
      [newCard({ fundPassword: '1357900' }), 'request.too_long', 'fundPassword'],
    ];
    const before = await writeSnapshot(t.db);
    for (const [body, code, field] of cases) {
      const response = await call(t.app, '/user/addBankCard', body, { session });
      expectRefusal(response, code as never, 400, field);
    }
    for (const id of [2 ** 53, 2 ** 53 + 2, 0, -1, 1.5, 2 ** 31]) {
      expectRefusal(
        await call(t.app, '/user/delBankCard', { id, fundPassword: FUND }, { session }),
        'request.invalid',
        400,
        'id',
      );
      expectRefusal(
        await call(t.app, '/user/delWallet', { id, fundPassword: FUND }, { session }),
        'request.invalid',
        400,
        'id',
      );
    }
    const badAddresses: [string, string][] = [
      ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u'], // one letter off: checksum fails
      ['TRC20', ERC20],
      ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6'], // 33 characters
      ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj0t'], // 0 is not base58
      ['ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'], // checksum case wrong
      ['ERC20', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beae'], // 39 hex digits
      ['ERC20', '5aaeb6053f3e94c9b9a09f33669435e7ef1beaed00'],
      ['ERC20', TRC20],
    ];
    for (const [type, address] of badAddresses) {
      expectRefusal(
        await call(t.app, '/user/addWallet', { type, address, fundPassword: FUND }, { session }),
        'wallet.invalid_address',
        400,
        'address',
      );
    }
    expectRefusal(
      await call(
        t.app,
        '/user/addWallet',
        { type: 'BEP20', address: TRC20, fundPassword: FUND },
        { session },
      ),
      'request.invalid',
      400,
      'type',
    );
    expectRefusal(
      await call(
        t.app,
        '/user/addWallet',
        { type: 'TRC20', address: `${TRC20}\u0000`, fundPassword: FUND },
        { session },
      ),
      'request.invalid_characters',
      400,
      'address',
    );
    expect(await writeSnapshot(t.db)).toEqual(before);
    expect(await cardsOf(session)).toEqual([]);
    expect(await walletsOf(session)).toEqual([]);
  });

  it('adds TRC20 and ERC20 wallets with a QR, refuses duplicates and removes them', async () => {
    const session = await verifiedCustomer();
    const other = await verifiedCustomer();
    const trc = expectSuccess<WalletDto>(
      await call(
        t.app,
        '/user/addWallet',
        { type: 'TRC20', address: TRC20, fundPassword: FUND },
        { session },
      ),
    );
    expect(trc).toMatchObject({ type: 'TRC20', currency: 'USDT', address: TRC20 });
    expect(trc.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(trc.qr.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');
    // Lower case carries no checksum and is the same address as its checksummed form.
    const lower = ERC20.toLowerCase();
    const erc = expectSuccess<WalletDto>(
      await call(
        t.app,
        '/user/addWallet',
        { type: 'ERC20', address: lower, fundPassword: FUND },
        { session },
      ),
    );
    expect(erc.address).toBe(lower);
    expectRefusal(
      await call(
        t.app,
        '/user/addWallet',
        { type: 'ERC20', address: ERC20, fundPassword: FUND },
        { session: other },
      ),
      'wallet.exists',
      409,
      'address',
    );
    expectRefusal(
      await call(
        t.app,
        '/user/addWallet',
        { type: 'TRC20', address: TRC20, fundPassword: FUND },
        { session },
      ),
      'wallet.exists',
      409,
      'address',
    );
    expect((await walletsOf(session)).map((w) => w.id)).toEqual([trc.id, erc.id]);
    expectRefusal(
      await call(t.app, '/user/delWallet', { id: trc.id, fundPassword: '000000' }, { session }),
      'fund_password.wrong',
      400,
      'fundPassword',
    );
    expectSuccess(
      await call(t.app, '/user/delWallet', { id: trc.id, fundPassword: FUND }, { session }),
    );
    expect((await walletsOf(session)).map((w) => w.id)).toEqual([erc.id]);
    expectRefusal(
      await call(t.app, '/user/delWallet', { id: trc.id, fundPassword: FUND }, { session }),
      'wallet.not_found',
      404,
      'id',
    );
    // Removed: the address is free again, for anyone.
    expectSuccess(
      await call(
        t.app,
        '/user/addWallet',
        { type: 'TRC20', address: TRC20, fundPassword: FUND },
        { session: other },
      ),
    );
    const [kept] = await t.db.select().from(wallets).where(eq(wallets.id, trc.id));
    expect(kept?.deletedAt).not.toBeNull();
  });

  it(`keeps at most ${WALLETS_MAX} wallets and ${BANK_CARDS_MAX} cards per customer`, async () => {
    const session = await verifiedCustomer();
    const cards = await Promise.all(
      Array.from({ length: BANK_CARDS_MAX + 2 }, () =>
        call(t.app, '/user/addBankCard', newCard(), { session }),
      ),
    );
    expect(cards.filter((a) => a.statusCode === 200)).toHaveLength(BANK_CARDS_MAX);
    for (const refused of cards.filter((a) => a.statusCode !== 200)) {
      const body = expectRefusal(refused, 'bank_card.too_many', 400);
      expect(body.params?.max).toBe(BANK_CARDS_MAX);
    }
    expect(await cardsOf(session)).toHaveLength(BANK_CARDS_MAX);
  });

  it('answers balances from the ledger with withdrawable per currency', async () => {
    const session = await verifiedCustomer();
    const empty = expectSuccess<BalanceRowDto[]>(
      await call(t.app, '/user/balances', {}, { session }),
    );
    expect(empty).toEqual([
      { currency: 'KRW', total: 0, available: 0, held: 0, withdrawable: 0 },
      { currency: 'USD', total: 0, available: 0, held: 0, withdrawable: 0 },
      { currency: 'USDT', total: 0, available: 0, held: 0, withdrawable: 0 },
    ]);
    const id = await customerIdOf(t.db, session);
    const house = await houseAccountId(t.db, 'USDT', 'house_bank');
    const cash = await customerAccountId(t.db, id, 'USDT', 'available');
    const held = await customerAccountId(t.db, id, 'USDT', 'held');
    await postEntry(t.db, {
      kind: 'deposit',
      reason: 'test deposit',
      actor: 'system',
      postings: [
        { accountId: house, amount: -12_345_678 },
        { accountId: cash, amount: 12_345_678 },
      ],
    });
    await postEntry(t.db, {
      kind: 'order_reserve',
      reason: 'test reservation',
      actor: 'system',
      postings: [
        { accountId: cash, amount: -2_345_678 },
        { accountId: held, amount: 2_345_678 },
      ],
    });
    const rows = expectSuccess<BalanceRowDto[]>(
      await call(t.app, '/user/balances', {}, { session }),
    );
    expect(rows.find((r) => r.currency === 'USDT')).toEqual({
      currency: 'USDT',
      total: 12_345_678,
      available: 10_000_000,
      held: 2_345_678,
      withdrawable: 10_000_000,
    });
    expect(envelope(await call(t.app, '/user/balances', {})).code).toBe('auth.required');
  });
});
