import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_HEADER, TOKEN_HEADER } from '../../contract';
import { bankCards, customers, deposits, wallets } from '../../server/db/schema';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import type { Session } from '../api/api-helpers';
import { call, envelope, expectSuccess, registerCustomer } from '../api/api-helpers';
import { uploadPhoto } from '../api/identity-helpers';
import type { DocumentCall } from './document-calls';
import { databaseFingerprint, documentCalls, validBody } from './document-calls';

/**
 * Issue 8, item 9: another customer's id in every customer call that takes an id. Each id field
 * of each customer call in the OpenAPI document is given the victim's value: the call must be
 * refused, naming the field, exactly as for an id that does not exist (so it does not even say the
 * id is someone else's), write nothing, and leak nothing of the victim's.
 */

/** A field that names an entity by id. */
const ID_FIELD = /(^id$|Id$|Ids$)/;

/**
 * Calls that refuse an unverified customer, or one without money, before they look at an id: the
 * attacker here is unverified (it must still send kycSubmit with its own photos), so these cannot
 * answer 200 with its own ids. Each has the same check with a verified, funded customer in its own
 * tests: recharge.voucherId in tests/api/deposits.test.ts, cashOut.cardId / walletId in
 * tests/api/withdrawals.test.ts, exchange.quoteId in tests/api/money-exchange.test.ts.
 */
const CHECKED_WITH_A_VERIFIED_CUSTOMER = new Set(['recharge', 'cashOut', 'exchange']);

describe.each(databaseKinds)("another customer's ids on %s", (kind) => {
  let t: TestApp;
  let attacker: Session;
  let victim: Session;
  /** The attacker's own ids (the valid body) and the victim's, by field name. */
  const own: Record<string, unknown> = {};
  const theirs: Record<string, unknown> = {};
  const missing: Record<string, unknown> = {};

  beforeAll(async () => {
    t = await buildTestApp(kind);
    attacker = await registerCustomer(t.app, t.demoCode);
    victim = await registerCustomer(t.app, t.demoCode);
    const idOf = async (session: Session) =>
      (
        await t.db
          .select({ id: customers.id })
          .from(customers)
          .where(eq(customers.account, session.account))
      )[0]?.id;
    const [myFront, myBack, theirFront, theirBack] = [
      await uploadPhoto(t.app, attacker, 'front'),
      await uploadPhoto(t.app, attacker, 'back'),
      await uploadPhoto(t.app, victim, 'front'),
      await uploadPhoto(t.app, victim, 'back'),
    ];
    // A card and a wallet each, made directly (adding needs a verified customer, and a verified
    // attacker could not send kycSubmit with its own photos); `id` names both in the delete
    // calls, so each customer's card and wallet share an id.
    const fundPassword = '135790';
    const [attackerId, victimId] = [await idOf(attacker), await idOf(victim)];
    // `id` names a card and a wallet (delete calls) and a fund order (cancel, detail), so each
    // customer's deposit, card and wallet share one id: the deposit takes it from the fund-order
    // sequence, the card and wallet are written with it.
    const cardAndWallet = async (customerId: number | undefined, n: string, voucher: string) => {
      if (customerId === undefined) throw new Error('customer not found');
      const [deposit] = await t.db
        .insert(deposits)
        .values({ customerId, currency: 'KRW', amount: 100_000, voucherId: voucher })
        .returning({ id: deposits.id });
      if (deposit === undefined) throw new Error('deposit not written');
      const [card] = await t.db
        .insert(bankCards)
        .values({
          id: deposit.id,
          customerId,
          holder: '홍길동',
          bank: 'Bank',
          branch: 'Branch',
          bankCode: '004',
          masked: `9410 **** **** 000${n}`,
          numberHash: n.repeat(64),
          numberSealed: 'sealed',
        })
        .returning({ id: bankCards.id });
      await t.db.insert(wallets).values({
        id: deposit.id,
        customerId,
        type: 'ERC20',
        address: `0x${n.repeat(40)}`,
        addressKey: `0x${n.repeat(40)}`,
      });
      return card?.id;
    };
    for (const session of [attacker, victim]) {
      expectSuccess(
        await call(
          t.app,
          '/user/fundPassword/set',
          { fundPassword, confirmFundPassword: fundPassword },
          { session },
        ),
      );
    }
    // Exchange quotes need no verified identity (exchanging does).
    const quoteOf = async (session: Session) =>
      expectSuccess<{ quoteId: string }>(
        await call(
          t.app,
          '/user/exchange/quote',
          { from: 'KRW', to: 'USD', amount: 100_000 },
          { session },
        ),
      ).quoteId;
    const [myQuote, theirQuote] = [await quoteOf(attacker), await quoteOf(victim)];
    const ownCard = await cardAndWallet(
      attackerId,
      '1',
      await uploadPhoto(t.app, attacker, 'front'),
    );
    const theirCard = await cardAndWallet(victimId, '2', await uploadPhoto(t.app, victim, 'front'));
    Object.assign(own, {
      id: ownCard,
      fundPassword,
      photoId: myFront,
      frontPhotoId: myFront,
      backPhotoId: myBack,
      customerId: attackerId,
      quoteId: myQuote,
    });
    Object.assign(theirs, {
      id: theirCard,
      photoId: theirFront,
      frontPhotoId: theirFront,
      backPhotoId: theirBack,
      customerId: victimId,
      quoteId: theirQuote,
    });
    Object.assign(missing, {
      id: 2_000_000_000,
      photoId: '0'.repeat(32),
      frontPhotoId: '0'.repeat(32),
      backPhotoId: '1'.repeat(32),
      customerId: 2_000_000_000,
      quoteId: `q_${'A'.repeat(24)}`,
    });
  });
  afterAll(() => t.close());

  const send = (call: DocumentCall, body: object) =>
    t.app.inject({
      method: 'POST',
      url: call.url,
      payload: body,
      headers: { [TOKEN_HEADER]: attacker.token, [ACCOUNT_HEADER]: attacker.account },
    });

  it('refuses every id of another customer like an unknown one, and leaks nothing', async () => {
    const calls = (await documentCalls(t.app)).filter(
      (c) => c.access === 'customer' && c.kind === 'json',
    );
    const tried: string[] = [];
    const checked: { call: DocumentCall; body: Record<string, unknown> }[] = [];
    for (const call of calls) {
      const fields = Object.keys(call.schema.properties ?? {}).filter((f) => ID_FIELD.test(f));
      if (fields.length === 0 || CHECKED_WITH_A_VERIFIED_CUSTOMER.has(call.operationId)) continue;
      const body = await validBody(call, own);
      for (const field of fields) {
        if (!(field in theirs)) {
          throw new Error(`${call.operationId}.${field}: add the victim's value for this id field`);
        }
        const before = await databaseFingerprint(t.db);
        const foreign = await send(call, { ...body, [field]: theirs[field] });
        const unknown = await send(call, { ...body, [field]: missing[field] });
        expect(await databaseFingerprint(t.db)).toEqual(before);
        const answer = envelope(foreign);
        expect(foreign.statusCode, `${call.operationId}.${field}`).toBeGreaterThanOrEqual(400);
        expect(foreign.statusCode).toBeLessThan(500);
        expect(answer.params?.field, `${call.operationId}.${field}`).toBe(field);
        // The same answer as for an id nobody has.
        expect(foreign.statusCode).toBe(unknown.statusCode);
        expect(foreign.json()).toEqual(unknown.json());
        for (const value of Object.values(theirs)) {
          expect(foreign.body).not.toContain(String(value));
        }
        expect(foreign.body).not.toContain(victim.account);
        tried.push(`${call.operationId}.${field}`);
      }
      checked.push({ call, body });
    }
    // The calls that take an id work with the caller's own ids (the refusals above are not
    // refusals of everything).
    for (const { call, body } of checked) {
      const response = await send(call, body);
      expect(response.statusCode, `${call.operationId} ${response.body.slice(0, 200)}`).toBe(200);
    }
    expect(tried.length).toBeGreaterThanOrEqual(3);
    console.log(`cross-customer ids (${kind}): ${tried.join(', ')} refused like unknown ids`);
  });
});
