import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IpoSubscriptionDto, StaffIpoOfferingDto, TradeOrderDto } from '../../contract';
import type {
  PlacementApplicationDto,
  PlacementRecordsDto,
} from '../../contract/schemas/placement';
import type { SupportSendDto } from '../../contract';
import { ACCOUNT_HEADER, API_BASE, SUPPORT_IMAGE_UPLOAD, TOKEN_HEADER } from '../../contract';
import { bankCards, customers, deposits, messages, wallets } from '../../server/db/schema';
import { DEFAULT_PRODUCTS } from '../../server/modules/trade/products';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import type { Session } from '../api/api-helpers';
import {
  call,
  call as apiCall,
  envelope,
  expectSuccess,
  registerCustomer,
} from '../api/api-helpers';
import { uploadVoucher } from '../api/deposit-helpers';
import { makeJpeg, signInNewStaff, staffCall, uploadPhoto } from '../api/identity-helpers';
import { openDesk } from '../api/support-helpers';
import { FUND, addWallet, fund, newWithdrawer } from '../api/withdrawal-helpers';
import type { Trader } from '../api/trade-helpers';
import { orderOf, placed } from '../api/trade-helpers';
import { subscribeRaw, subscriptionOf } from '../api/ipo-helpers';
import { DAY, applyPlacement, draftPlacement, runJobsOf } from '../api/placement-helpers';
import type { DocumentCall } from './document-calls';
import { databaseFingerprint, documentCalls, keyHeaderFor, validBody } from './document-calls';

/**
 * Issue 8, item 9 (and issue 11's orders): another customer's id in every customer call that
 * takes an id. Each id field of each customer call in the OpenAPI document is given the victim's
 * value: the call must be refused, naming the field, exactly as for an id that does not exist (so
 * it does not even say the id is someone else's), write nothing, and leak nothing of the victim's.
 */

/** A field that names an entity by id. */
const ID_FIELD = /(^id$|Id$|Ids$)/;

/**
 * Calls that refuse an unverified customer, or one without money, before they look at an id: the
 * unverified attacker (it must still send kycSubmit with its own photos) cannot get a 200 with
 * its own ids there, so these are sent by a second attacker, verified, with a card, a wallet and
 * money in each account currency. The fund-order calls (cancel, detail) are sent by both.
 */
const VERIFIED_ATTACKER_CALLS = new Set([
  'recharge',
  'cashOut',
  'exchange',
  'tradeCancel',
  'tradeClose',
  'tradeOrder',
  // Issue 12: the attacker's own subscriptions and placement application (OFFERING_ID_CALLS).
  'ipoPay',
  'ipoWaive',
  'ipoSubscription',
  'placementPay',
]);

/**
 * Calls whose `id` is an order (issue 11): the verified attacker's own order that the call works
 * on (a pending one to cancel, a closable position to close), and the victim's of the same kind,
 * so a missing ownership check would cancel or close it.
 */
const ORDER_ID_CALLS = {
  tradeCancel: 'pending',
  tradeClose: 'position',
  tradeOrder: 'position',
} as const;
/**
 * Calls whose id names something every customer may use, not one customer's: a block-trade
 * offering is listed for all (`/trade/block/apply` takes its id; the application it makes is the
 * customer's). Likewise a corporate action (`/corporate/apply` takes its id; whether the
 * customer is entitled is theirs: docs/corporate-actions.md), and a published news article is
 * every customer's to read (issue 13).
 */
const SHARED_ID_CALLS = new Set([
  'blockApply',
  // Corporate actions (docs/corporate-actions.md)
  'corporateApply',
  // Service (issue 13): a check-in reward is in everyone's catalogue; the redemption is theirs.
  'checkInRedeem',
  // News (issue 13)
  'newsDetail',
  // IPO offerings, placements and auctions are listed for all (issue 12); the subscription,
  // application or bid made with one is the customer's.
  'ipoDetail',
  'ipoSubscribe',
  'ipoDraw',
  'placementApply',
  'auctionBid',
]);
const orderKindOf = (operationId: string) =>
  (ORDER_ID_CALLS as Record<string, 'pending' | 'position' | undefined>)[operationId];
/**
 * Calls whose `id` is an IPO subscription or a placement application (issue 12), sent by the
 * verified attacker: the victim's is one won and pending payment (so a missing ownership check
 * would pay it, waive it or show it), the attacker's own the one the call then succeeds on (one
 * subscription to pay and another to waive, as a paid one cannot be waived).
 */
const OFFERING_ID_CALLS = {
  ipoPay: 'subscriptionToPay',
  ipoWaive: 'subscriptionToWaive',
  ipoSubscription: 'subscriptionToPay',
  placementPay: 'placementApplication',
} as const;
type OfferingIdKind = (typeof OFFERING_ID_CALLS)[keyof typeof OFFERING_ID_CALLS];
const offeringKindOf = (operationId: string) =>
  (OFFERING_ID_CALLS as Record<string, OfferingIdKind | undefined>)[operationId];
const BOTH_ATTACKERS_CALLS = new Set(['fundOrderCancel', 'fundOrderDetail']);

/**
 * Fields checked from a body of their own: a withdrawal to a wallet is a USDT one without a card
 * (giving both destinations is refused before either is looked up).
 */
const FIELD_BODIES: Record<
  string,
  (body: Record<string, unknown>, ids: Record<string, unknown>) => Record<string, unknown>
> = {
  'cashOut.walletId': ({ cardId: _card, ...rest }, ids) => ({
    ...rest,
    currency: 'USDT',
    amount: 100_000_000,
    walletId: ids.walletId,
  }),
};

describe.each(databaseKinds)("another customer's ids on %s", (kind) => {
  let t: TestApp;
  let attacker: Session;
  /** Verified, funded, with a card and a wallet: sends the money calls. */
  let banker: Session;
  let victim: Session;
  /** The attacker's own ids (the valid body) and the victim's, by field name. */
  const own: Record<string, unknown> = {};
  const theirs: Record<string, unknown> = {};
  const missing: Record<string, unknown> = {};
  /** The banker's own ids and amounts its calls can succeed with. */
  const bankers: Record<string, unknown> = {};
  /** Orders by kind: the banker's own, and the victim's (which must stay as they are). */
  const bankerOrders: Record<'pending' | 'position', number> = { pending: 0, position: 0 };
  const victimOrders: Record<'pending' | 'position', TradeOrderDto | null> = {
    pending: null,
    position: null,
  };
  let victimTrader: Trader;
  let bankerTrader: Trader;
  /** IPO subscriptions and placement applications (OFFERING_ID_CALLS): the banker's, the victim's. */
  const bankerOfferings: Record<OfferingIdKind, number> = {
    subscriptionToPay: 0,
    subscriptionToWaive: 0,
    placementApplication: 0,
  };
  const victimOfferings: Record<OfferingIdKind, number> = {
    subscriptionToPay: 0,
    subscriptionToWaive: 0,
    placementApplication: 0,
  };

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
      // A message of the customer's own under the same id (msgRead takes it).
      await t.db.insert(messages).values({
        id: deposit.id,
        customerId,
        kind: 'event',
        code: 'kyc.passed',
        entityType: 'kyc',
        entityId: String(customerId),
        entityVersion: 1,
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
    const [myQuote, theirQuote] = [await quoteOf(attacker), await quoteOf(victim)];
    // The verified attacker: a real card and wallet, money in every account currency, an unused
    // voucher and a quote of its own.
    const reviewer = await signInNewStaff(t.app, t.db, 'reviewer');
    const rich = await newWithdrawer(t.app, t.db, t.demoCode, reviewer);
    banker = rich.session;
    for (const [currency, amount] of [
      ['KRW', 10_000_000],
      ['USD', 1_000_000],
      ['USDT', 10_000_000_000],
    ] as const) {
      await fund(t.db, rich.id, currency, amount);
    }
    Object.assign(bankers, {
      fundPassword: FUND,
      currency: 'KRW',
      amount: 100_000,
      cardId: rich.card.id,
      walletId: (await addWallet(t.app, banker)).id,
      voucherId: await uploadVoucher(t.app, banker),
      quoteId: await quoteOf(banker),
    });
    // Orders: day trading without a lock (set by an operator), so a position is closable at once;
    // a limit order at the day's lower limit rests. The victim and the banker each have both.
    const operator = await signInNewStaff(t.app, t.db, 'operator');
    expectSuccess(
      await staffCall(
        t.app,
        '/products/set',
        { ...DEFAULT_PRODUCTS.dayTrading, lock: { kind: 'minutes', count: 0 } },
        operator.token,
      ),
    );
    if (victimId === undefined) throw new Error('victim not found');
    await fund(t.db, victimId, 'KRW', 10_000_000);
    victimTrader = { id: victimId, session: victim };
    const ordersOf = async (trader: Trader) => {
      const lower = t.app.maru.feed.quote('005930')?.lowerLimit ?? 0;
      const pending = await placed(t.app, trader, { type: 'limit', price: lower, lots: 1 });
      const position = await placed(t.app, trader, {
        product: 'dayTrading',
        lots: 1,
        leverage: 5,
      });
      expect([pending.state, position.state]).toEqual(['pending', 'holding.closable']);
      return { pending, position };
    };
    const theirOrders = await ordersOf(victimTrader);
    Object.assign(victimOrders, theirOrders);
    const myOrders = await ordersOf({ id: rich.id, session: banker });
    Object.assign(bankerOrders, { pending: myOrders.pending.id, position: myOrders.position.id });
    bankerTrader = { id: rich.id, session: banker };
    await wonAndPendingPayment(operator.token, bankerTrader, victimTrader);
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
      cardId: theirCard,
      walletId: theirCard,
      voucherId: await uploadVoucher(t.app, victim),
    });
    Object.assign(missing, {
      id: 2_000_000_000,
      photoId: '0'.repeat(32),
      frontPhotoId: '0'.repeat(32),
      backPhotoId: '1'.repeat(32),
      customerId: 2_000_000_000,
      quoteId: `q_${'A'.repeat(24)}`,
      cardId: 2_000_000_000,
      walletId: 2_000_000_000,
      voucherId: '0'.repeat(32),
    });
    // Customer service (issue 13): an image each in their own conversation (`/kefu/image` takes
    // its message id), sent while an agent is on shift. Message ids are moved past small numbers
    // first, so the victim's never reads like a digit of some other answer.
    await t.db.execute(sql`select setval('support_messages_id_seq', 700000)`);
    const desk = await openDesk(t.app, operator.token);
    expectSuccess(await staffCall(t.app, '/support/shift', { onShift: true }, operator.token));
    const imageOf = async (session: Session) =>
      expectSuccess<SupportSendDto>(
        await t.app.inject({
          method: 'POST',
          url: `${API_BASE}${SUPPORT_IMAGE_UPLOAD.path}`,
          body: await makeJpeg(),
          headers: {
            'content-type': 'application/octet-stream',
            [TOKEN_HEADER]: session.token,
            [ACCOUNT_HEADER]: session.account,
          },
        }),
      ).message.id;
    Object.assign(own, { messageId: await imageOf(attacker) });
    Object.assign(theirs, { messageId: await imageOf(victim) });
    Object.assign(missing, { messageId: 2_000_000_000 });
    expectSuccess(await staffCall(t.app, '/support/shift', { onShift: false }, operator.token));
    desk.disconnect();
  });
  afterAll(() => t.close());

  /**
   * Issue 12's ids: an IPO offering (two subscriptions an account, undersubscribed, so every
   * subscription wins what it applied for by the rule) and a placement (10 shares: the 50 % tier),
   * set up and published by an operator through the back office's calls, their windows closing
   * a few seconds from now on the app's (wall) clock; the banker subscribes twice and applies
   * once, the victim once each. Once the windows have closed, the offering's draw job and the
   * placement's closing job run, so every subscription and application is won, pending payment.
   */
  const wonAndPendingPayment = async (token: string, mine: Trader, their: Trader) => {
    const now = Date.now();
    const closes = now + 4_000;
    const at = (ms: number) => new Date(ms).toISOString();
    const draft = expectSuccess<StaffIpoOfferingDto>(
      await staffCall(
        t.app,
        '/ipo/create',
        {
          symbol: '0009K0',
          name: '에임드바이오',
          nameEn: 'Aimed Bio',
          market: 'KOSDAQ',
          broker: 'KB증권',
          offerPrice: 10_000,
          sharesOffered: 1_000,
          minShares: 10,
          maxTimes: 2,
          minFunds: 0,
          depositPct: 50,
          equalShareBps: 5000,
          opensAt: at(now - 60_000),
          closesAt: at(closes),
          drawAt: at(closes),
          paymentDeadline: at(now + DAY),
          listingAt: at(now + 2 * DAY),
        },
        token,
      ),
    );
    expectSuccess(await staffCall(t.app, '/ipo/publish', { id: draft.id }, token));
    const placement = await draftPlacement(t.app, token, now, { closesAt: at(closes) });
    expectSuccess(
      await staffCall(
        t.app,
        '/offerings/placement/publish',
        { id: placement.id, version: placement.version },
        token,
      ),
    );
    await runJobsOf(t.db, 'placement', placement.id, Date.now());
    const subscribe = async (trader: Trader) =>
      expectSuccess<IpoSubscriptionDto>(
        await subscribeRaw(t.app, trader, { id: draft.id, shares: 10, fundPassword: FUND }),
      ).id;
    const apply = async (trader: Trader) =>
      expectSuccess<PlacementApplicationDto>(
        await applyPlacement(t.app, trader, { id: placement.id, shares: 10, fundPassword: FUND }),
      ).id;
    Object.assign(bankerOfferings, {
      subscriptionToPay: await subscribe(mine),
      subscriptionToWaive: await subscribe(mine),
      placementApplication: await apply(mine),
    });
    const theirSubscription = await subscribe(their);
    Object.assign(victimOfferings, {
      subscriptionToPay: theirSubscription,
      subscriptionToWaive: theirSubscription,
      placementApplication: await apply(their),
    });
    // The windows close on the wall clock (the app's); then their jobs run.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, closes - Date.now() + 100)));
    await runJobsOf(t.db, 'ipoOffering', draft.id, Date.now());
    await runJobsOf(t.db, 'placement', placement.id, Date.now());
    for (const id of [theirSubscription, ...Object.values(bankerOfferings).slice(0, 2)]) {
      const owner = id === theirSubscription ? their : mine;
      expect((await subscriptionOf(t.app, owner, id)).state).toBe('won.pendingPayment');
    }
    for (const [owner, id] of [
      [mine, bankerOfferings.placementApplication],
      [their, victimOfferings.placementApplication],
    ] as const) {
      expect(await placementApplicationState(owner, id)).toBe('allotted.pendingPayment');
    }
  };

  /** A placement application's state as its owner's records show it. */
  const placementApplicationState = async (owner: Trader, id: number) =>
    expectSuccess<PlacementRecordsDto>(
      await call(t.app, '/placement/records', { page: 1 }, { session: owner.session }),
    ).items.find((item) => item.id === id)?.state;

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

  const send = (call: DocumentCall, body: object, as: Session = attacker) =>
    t.app.inject({
      method: 'POST',
      url: call.url,
      payload: body,
      headers: { [TOKEN_HEADER]: as.token, [ACCOUNT_HEADER]: as.account, ...keyHeaderFor(call) },
    });

  /** The victim's values for a call's id fields: an order id where the call's `id` is an order. */
  const theirsFor = (call: DocumentCall): Record<string, unknown> => {
    const kind = orderKindOf(call.operationId);
    if (kind) return { ...theirs, id: victimOrders[kind]?.id };
    const offering = offeringKindOf(call.operationId);
    return offering ? { ...theirs, id: victimOfferings[offering] } : theirs;
  };

  it('refuses every id of another customer like an unknown one, and leaks nothing', async () => {
    const calls = (await documentCalls(t.app)).filter(
      (c) => c.access === 'customer' && c.kind === 'json',
    );
    const tried: string[] = [];
    const checked: { call: DocumentCall; body: Record<string, unknown>; as: Session }[] = [];
    for (const call of calls) {
      const fields = Object.keys(call.schema.properties ?? {}).filter((f) => ID_FIELD.test(f));
      if (fields.length === 0 || SHARED_ID_CALLS.has(call.operationId)) continue;
      const attackers: { as: Session; name: string; ids: Record<string, unknown> }[] = [];
      if (!VERIFIED_ATTACKER_CALLS.has(call.operationId)) {
        attackers.push({ as: attacker, name: 'unverified', ids: own });
      }
      if (
        VERIFIED_ATTACKER_CALLS.has(call.operationId) ||
        BOTH_ATTACKERS_CALLS.has(call.operationId)
      ) {
        const kind = orderKindOf(call.operationId);
        const offering = offeringKindOf(call.operationId);
        attackers.push({
          as: banker,
          name: 'verified',
          ids: {
            ...own,
            ...bankers,
            ...(kind ? { id: bankerOrders[kind] } : {}),
            ...(offering ? { id: bankerOfferings[offering] } : {}),
          },
        });
      }
      for (const { as, name, ids } of attackers) {
        const body = await validBody(call, ids);
        const victims = theirsFor(call);
        for (const field of fields) {
          if (!(field in victims)) {
            throw new Error(
              `${call.operationId}.${field}: add the victim's value for this id field`,
            );
          }
          const base = FIELD_BODIES[`${call.operationId}.${field}`]?.(body, ids) ?? body;
          const label = `${call.operationId}.${field} (${name})`;
          const before = await databaseFingerprint(t.db);
          const foreign = await send(call, { ...base, [field]: victims[field] }, as);
          const unknown = await send(call, { ...base, [field]: missing[field] }, as);
          expect(await databaseFingerprint(t.db), label).toEqual(before);
          const answer = envelope(foreign);
          expect(foreign.statusCode, label).toBeGreaterThanOrEqual(400);
          expect(foreign.statusCode, label).toBeLessThan(500);
          expect(answer.params?.field, label).toBe(field);
          // The same answer as for an id nobody has.
          expect(foreign.statusCode, label).toBe(unknown.statusCode);
          expect(foreign.json(), label).toEqual(unknown.json());
          for (const value of Object.values(victims)) {
            expect(foreign.body).not.toContain(String(value));
          }
          // Another customer's order is one the attacker does not have (docs/trading.md).
          if (orderKindOf(call.operationId)) {
            expect([foreign.statusCode, answer.code], label).toEqual([404, 'trade.not_found']);
          }
          expect(foreign.body).not.toContain(victim.account);
          tried.push(label);
          if (base !== body) checked.push({ call, body: base, as });
        }
        // The banker's fund-order ids are not an open order of its own; the unverified
        // attacker's show those calls work.
        if (as === attacker || !BOTH_ATTACKERS_CALLS.has(call.operationId)) {
          checked.push({ call, body, as });
        }
      }
    }
    // The calls that take an id work with the caller's own ids (the refusals above are not
    // refusals of everything). A fund order opened here is cancelled, as one at a time is open.
    for (const { call, body, as } of checked) {
      // A quote lives 30 s: the one made before the refusals above may have expired.
      const fresh = call.operationId === 'exchange' ? { quoteId: await quoteOf(as) } : {};
      const response = await send(call, { ...body, ...fresh }, as);
      expect(response.statusCode, `${call.operationId} ${response.body.slice(0, 200)}`).toBe(200);
      const opened = envelope(response).data as { kind?: string; id?: number } | null;
      if (call.operationId === 'recharge' || call.operationId === 'cashOut') {
        expectSuccess(
          await apiCall(t.app, '/user/fundOrder/cancel', { id: opened?.id }, { session: as }),
        );
      }
    }
    expect(tried.length).toBeGreaterThanOrEqual(3);
    for (const money of [
      'recharge.voucherId (verified)',
      'cashOut.cardId (verified)',
      'cashOut.walletId (verified)',
      'exchange.quoteId (verified)',
      'fundOrderCancel.id (verified)',
      'fundOrderDetail.id (verified)',
      'tradeCancel.id (verified)',
      'tradeClose.id (verified)',
      'tradeOrder.id (verified)',
    ]) {
      expect(tried).toContain(money);
    }
    // Every call of issue 12 and the corporate actions that names an id is attacked here, or
    // names something every customer may use (SHARED_ID_CALLS).
    const offeringCalls = calls
      .filter((c) => /^(ipo|placement|auction|corporate)/.test(c.operationId))
      .filter((c) => Object.keys(c.schema.properties ?? {}).some((f) => ID_FIELD.test(f)))
      .map((c) => c.operationId)
      .sort();
    expect(offeringCalls).toEqual(
      [
        'auctionBid',
        'corporateApply',
        'ipoDetail',
        'ipoDraw',
        'ipoPay',
        'ipoSubscribe',
        'ipoSubscription',
        'ipoWaive',
        'placementApply',
        'placementPay',
      ].sort(),
    );
    for (const attacked of ['ipoPay', 'ipoWaive', 'ipoSubscription', 'placementPay']) {
      expect(tried).toContain(`${attacked}.id (verified)`);
    }
    // The victim's subscription and placement application are still won, pending payment; the
    // attacker's own were paid and waived with its own ids.
    expect(
      (await subscriptionOf(t.app, victimTrader, victimOfferings.subscriptionToPay)).state,
    ).toBe('won.pendingPayment');
    expect(
      await placementApplicationState(victimTrader, victimOfferings.placementApplication),
    ).toBe('allotted.pendingPayment');
    expect(
      (await subscriptionOf(t.app, bankerTrader, bankerOfferings.subscriptionToPay)).state,
    ).toBe('won.paid');
    expect(
      (await subscriptionOf(t.app, bankerTrader, bankerOfferings.subscriptionToWaive)).state,
    ).toBe('waived');
    // The victim's orders are as they were: the pending one still pending, the position open.
    for (const before of Object.values(victimOrders)) {
      if (!before) throw new Error('victim order missing');
      const now = await orderOf(t.app, victimTrader, before.id);
      expect({ state: now.state, version: now.version }).toEqual({
        state: before.state,
        version: before.version,
      });
    }
    console.log(`cross-customer ids (${kind}): ${tried.join(', ')} refused like unknown ids`);
  });
});
