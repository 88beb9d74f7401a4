/**
 * The path of every call under API_BASE, apart from the schemas: the client's start-up bundle
 * imports this without pulling yup in; calls.ts builds the catalogue on it.
 */
export const CALL_PATHS = {
  config: '/common/config',
  register: '/user/register',
  login: '/user/login',
  logout: '/user/logout',
  info: '/user/info',
  changePassword: '/user/changePassword',
  accountStatus: '/account/status',
  // Real-name verification and fund password (docs/identity.md)
  kycStatus: '/kyc/status',
  kycSubmit: '/kyc/submit',
  kycPhoto: '/kyc/photo',
  fundPasswordSet: '/user/fundPassword/set',
  fundPasswordChange: '/user/fundPassword/change',
  fundPasswordReset: '/user/fundPassword/reset',
  // Market data (docs/market-screens.md)
  stockDetail: '/market/stockDetail',
  indexDetail: '/market/indexDetail',
  candles: '/market/candles',
  indices: '/market/indices',
  rankings: '/market/rankings',
  industries: '/market/industries',
  investorTrends: '/market/investorTrends',
  shortSelling: '/market/shortSelling',
  fxRates: '/market/fxRates',
  search: '/market/search',
  watchlist: '/user/Optionallist',
  watchlistAdd: '/user/addOptional',
  watchlistRemove: '/user/delOptional',
  marketSnapshot: '/market/snapshot',
  // Money: bank cards, wallets, balances (docs/money.md)
  bankList: '/user/bankList',
  addBankCard: '/user/addBankCard',
  delBankCard: '/user/delBankCard',
  walletList: '/user/walletList',
  addWallet: '/user/addWallet',
  delWallet: '/user/delWallet',
  balances: '/user/balances',
  // Money: deposits, withdrawals, exchange, records (docs/money.md)
  rechargeChannel: '/user/rechargeChannel',
  recharge: '/user/recharge',
  cashOutInfo: '/user/cashOut/info',
  cashOut: '/user/cashOut',
  fundOrderCancel: '/user/fundOrder/cancel',
  fundOrderDetail: '/user/fundOrder/detail',
  exchangeQuote: '/user/exchange/quote',
  exchange: '/user/exchange',
  fundRecord: '/user/fundRecord',
} as const;
