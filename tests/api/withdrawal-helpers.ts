import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { BankCardDto, Currency, WalletDto } from '../../contract';
import type { Database } from '../../server/db/connect';
import { customerAccountId, houseAccountId, postEntry } from '../../server/ledger';
import type { Session } from './api-helpers';
import { call, customerIdOf, expectSuccess, registerCustomer } from './api-helpers';
import type { SignedInStaff } from './identity-helpers';
import { staffCall, submitKyc } from './identity-helpers';

/** Shared by the withdrawal API tests: a customer ready to withdraw, and money to withdraw. */

export const FUND = '135790';

let cardSerial = 300_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;

export interface Withdrawer {
  id: number;
  session: Session;
  card: BankCardDto;
  /** The card's 16 digits, which only the staff paying a withdrawal may read back. */
  cardNumber: string;
}

/** Registered, verified as 홍길동 by `reviewer`, fund password set, one bank card. */
export async function newWithdrawer(
  app: FastifyInstance,
  db: Database,
  demoCode: string,
  reviewer: SignedInStaff,
): Promise<Withdrawer> {
  const session = await registerCustomer(app, demoCode);
  expectSuccess((await submitKyc(app, session)).response);
  const id = await customerIdOf(db, session);
  expectSuccess(await staffCall(app, '/kyc/approve', { customerId: id }, reviewer.token));
  expectSuccess(
    await call(
      app,
      '/user/fundPassword/set',
      { fundPassword: FUND, confirmFundPassword: FUND },
      { session },
    ),
  );
  cardSerial += 1;
  const cardTail = String(cardSerial);
  const card = expectSuccess<BankCardDto>(
    await call(
      app,
      '/user/addBankCard',
      {
        holder: '홍길동',
        bank: '국민은행',
        branch: '강남지점',
        bankCode: '004',
        cardHead: '9410',
        cardTail,
        fundPassword: FUND,
      },
      { session },
    ),
  );
  return { id, session, card, cardNumber: `9410${cardTail}` };
}

export async function addWallet(app: FastifyInstance, session: Session): Promise<WalletDto> {
  return expectSuccess<WalletDto>(
    await call(
      app,
      '/user/addWallet',
      // A fresh all-lower-case ERC20 address: valid, and live on no other account.
      { type: 'ERC20', address: `0x${randomBytes(20).toString('hex')}`, fundPassword: FUND },
      { session },
    ),
  );
}

/** Credits the customer's available balance from the house bank, as a credited deposit does. */
export async function fund(
  db: Database,
  customerId: number,
  currency: Currency,
  amount: number,
): Promise<void> {
  await postEntry(db, {
    kind: 'deposit',
    reason: 'test deposit',
    actor: 'system',
    postings: [
      { accountId: await houseAccountId(db, currency, 'house_bank'), amount: -amount },
      { accountId: await customerAccountId(db, customerId, currency, 'available'), amount },
    ],
  });
}
