import type { FastifyInstance } from 'fastify';
import { CUSTOMER_API } from '../../../contract';
import type { FundCurrency } from '../../../contract';
import { defineCall } from '../../http/define-call';
import { addBankCard, deleteBankCard, listBankCards } from './bank-cards';
import { customerBalances } from './balances';
import { addWallet, deleteWallet, listWallets } from './wallets';
import { FUND_ORDER_SERVICES, FUND_RECORD_SOURCES } from './fund-order-services';
import { cancelFundOrder, fundOrderDetail, fundRecordPage } from './fund-orders';
import { exchangeAtQuote } from './exchange';
import { quoteExchange } from './exchange-quote';
import { registerMoneyStaffCalls } from './staff-calls';
import { registerDepositCalls } from './deposits';
import { cashOut, cashOutInfo } from './withdrawals';

export { openWithdrawalsTo, notWithdrawable } from './pending-withdrawals';
export { cardKeys, openCardNumber } from './card-number';

/** Money, first part: bank cards, USDT wallets and balances (docs/money.md). */
export function registerMoneyModule(app: FastifyInstance): void {
  // Calls that check the fund password are limited per IP, like the fund-password calls.
  const rateLimit = app.maru.config.authRateLimit;

  defineCall(app, CUSTOMER_API, 'bankList', ({ db, session }) =>
    listBankCards(db, session.customer.id),
  );
  defineCall(
    app,
    CUSTOMER_API,
    'addBankCard',
    async ({ db, maru, session, body, request, audit }) => {
      const card = await addBankCard({ ...maru, db }, session.customer.id, body, request.ip);
      audit.entity = `bank_card:${card.id}`;
      audit.detail = { bank: card.bank, bankCode: card.bankCode, masked: card.masked };
      return card;
    },
    { rateLimit },
  );
  defineCall(
    app,
    CUSTOMER_API,
    'delBankCard',
    async ({ db, session, body, request, audit }) => {
      const card = await deleteBankCard(db, session.customer.id, body, request.ip);
      audit.entity = `bank_card:${card.id}`;
      audit.detail = { masked: card.masked };
      return null;
    },
    { rateLimit },
  );
  defineCall(app, CUSTOMER_API, 'walletList', ({ db, session }) =>
    listWallets(db, session.customer.id),
  );
  defineCall(
    app,
    CUSTOMER_API,
    'addWallet',
    async ({ db, session, body, request, audit }) => {
      const wallet = await addWallet(db, session.customer.id, body, request.ip);
      audit.entity = `wallet:${wallet.id}`;
      audit.detail = { type: wallet.type, address: wallet.address };
      return wallet;
    },
    { rateLimit },
  );
  defineCall(
    app,
    CUSTOMER_API,
    'delWallet',
    async ({ db, session, body, request, audit }) => {
      const wallet = await deleteWallet(db, session.customer.id, body, request.ip);
      audit.entity = `wallet:${wallet.id}`;
      audit.detail = { type: wallet.type, address: wallet.address };
      return null;
    },
    { rateLimit },
  );
  defineCall(app, CUSTOMER_API, 'balances', ({ db, maru, session }) =>
    customerBalances(db, session.customer.id, maru.clock.now()),
  );

  // Withdrawals (docs/money.md "Withdrawals").
  defineCall(app, CUSTOMER_API, 'cashOutInfo', ({ maru, session, body }) =>
    cashOutInfo(maru, FUND_ORDER_SERVICES, session.customer.id, body.currency as FundCurrency),
  );
  defineCall(
    app,
    CUSTOMER_API,
    'cashOut',
    async ({ maru, session, body, request, audit }) => {
      const order = await cashOut(maru, FUND_ORDER_SERVICES, session, body, request.ip);
      audit.entity = `withdrawal:${order.id}`;
      audit.detail = { currency: order.currency, amount: order.amount, to: order.destination };
      return order;
    },
    { rateLimit },
  );

  // Deposits and withdrawals share these (server/modules/money/fund-orders.ts).
  defineCall(app, CUSTOMER_API, 'fundOrderDetail', ({ db, session, body }) =>
    fundOrderDetail(db, FUND_ORDER_SERVICES, session.customer.id, body.id),
  );
  defineCall(app, CUSTOMER_API, 'fundOrderCancel', async ({ maru, session, body, audit }) => {
    const order = await cancelFundOrder(maru, FUND_ORDER_SERVICES, session.customer.id, body.id);
    audit.entity = `${order.kind}:${order.id}`;
    return order;
  });
  defineCall(app, CUSTOMER_API, 'fundRecord', ({ db, session, body }) =>
    fundRecordPage(db, FUND_RECORD_SOURCES, session.customer.id, body),
  );

  // Currency exchange (docs/money.md "Exchange").
  defineCall(app, CUSTOMER_API, 'exchangeQuote', ({ db, maru, session, body }) =>
    quoteExchange({ ...maru, db }, session.customer.id, body),
  );
  defineCall(
    app,
    CUSTOMER_API,
    'exchange',
    async ({ db, maru, session, body, request, audit }) => {
      const done = await exchangeAtQuote({ ...maru, db }, session.customer.id, body, request.ip);
      audit.entity = `exchange:${done.id}`;
      audit.detail = {
        quoteId: body.quoteId,
        sold: done.sold,
        bought: done.bought,
        rate: done.rate,
        fee: done.fee,
      };
      return done;
    },
    { rateLimit },
  );

  registerMoneyStaffCalls(app);
  registerDepositCalls(app);
}
