export { postEntry } from './post-entry';
export type { EntryInput, PostedEntry, PostingInput } from './post-entry';
export { balancesOf } from './balances';
export { customerAccountId, houseCashAccountId, openCustomerAccounts } from './accounts';
export { LedgerError } from './ledger-error';
export type { LedgerErrorReason } from './ledger-error';
