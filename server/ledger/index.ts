export { postEntry } from './post-entry';
export type { EntryInput, PostingInput } from './post-entry';
export type { PostedEntry } from './idempotency';
export { REVERSAL_KIND, reverseEntry } from './reverse-entry';
export type { ReverseInput } from './reverse-entry';
export { availableOf, balancesOf } from './balances';
export {
  balanceAllowed,
  customerAccountId,
  customerAccountIds,
  houseAccountId,
  openCustomerAccounts,
} from './accounts';
export { auditLedger, describeViolation } from './audit';
export type { LedgerViolation } from './audit';
export { LedgerError } from './ledger-error';
export type { LedgerErrorReason } from './ledger-error';
export { CUSTOMER_ACCOUNT_KINDS, HOUSE_ACCOUNT_KINDS } from '../db/schema';
export type { CustomerAccountKind, HouseAccountKind, LedgerAccountKind } from '../db/schema';
