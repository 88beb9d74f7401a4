export * from './call-spec';
export * from './calls';
export * from './paths';
export * from './constants';
export * from './envelope';
export * from './errors';
export * from './lifecycles';
export * from './languages';
export * from './money';
export * from './korean-particles';
export {
  CUSTOMER_ACTIONS,
  BLOCKED_BY,
  RESTRICTION_REFUSALS,
  isRestrictionRefusal,
  blockedActions,
} from './account-restrictions';
export type { CustomerAction } from './account-restrictions';
export * from './common-passwords';
export { hasInvalidCharacters } from './schemas/fields';
export * from './schemas/common';
export * from './schemas/user';
export * from './schemas/kyc';
export * from './schemas/staff';
export * from './schemas/jobs';
export * from './jobs';
export * from './settings';
export * from './staff-calls';
export * from './schemas/market';
export * from './market';
export * from './names';
export * from './market-socket';
export * from './schemas/market-snapshot';
export * from './schemas/money';
export * from './schemas/funds';
export * from './schemas/funds-staff';
export * from './wallet-address';
export * from './account-socket';
export * from './trade';
export * from './schemas/trade';
export * from './ticks';
export * from './schemas/corporate';
// Message centre (docs/messages.md)
export * from './schemas/messages';
// News (issue 13)
export * from './news';
export * from './schemas/news';
export * from './ipo';
export * from './schemas/ipo';
// Service (issue 13): daily check-in, profile, seat accounts
export * from './service';
export * from './schemas/service';
// Customer service (issue 13, docs/support.md)
export * from './schemas/support';
export * from './support-socket';
