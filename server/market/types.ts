/**
 * The feed's types are the market API's wire types; they live in the contract so the client
 * shares them. Re-exported here under the names the market modules use.
 */
export * from '../../contract/market';
export type { Currency } from '../../contract/money';
export { FX_CURRENCIES as CURRENCIES } from '../../contract/market';
