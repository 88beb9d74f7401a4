import type { BinaryCallSpec, CallCatalogue, CallSpec } from './call-spec';
import { API_BASE } from './constants';
import { CALL_PATHS } from './paths';
import { configRequest, configResponse } from './schemas/common';
import * as kyc from './schemas/kyc';
import { KYC_UPLOAD_PATH } from './schemas/kyc';
import * as market from './schemas/market';
import * as money from './schemas/money';
import * as funds from './schemas/funds';
import * as trade from './schemas/trade';
import * as corporate from './schemas/corporate';
import * as messages from './schemas/messages';
import * as news from './schemas/news';
import * as placement from './schemas/placement';
import * as ipo from './schemas/ipo';
import * as service from './schemas/service';
import * as support from './schemas/support';
import { marketSnapshotRequest, marketSnapshotResponse } from './schemas/market-snapshot';
import {
  changePasswordRequest,
  emptyRequest,
  loginRequest,
  registerRequest,
  sessionResponse,
  userInfoResponse,
  accountStatusResponse,
} from './schemas/user';

/**
 * The calls of the customer API. The server registers a route for each and publishes the
 * OpenAPI document from the same schemas; the client's forms validate with them.
 */
export const CALLS = {
  config: {
    path: CALL_PATHS.config,
    access: 'public',
    summary: 'Site configuration in the request language',
    request: configRequest,
    response: configResponse,
  },
  register: {
    path: CALL_PATHS.register,
    access: 'public',
    summary: 'Open an account with an institution or invitation code',
    request: registerRequest,
    response: sessionResponse,
  },
  login: {
    path: CALL_PATHS.login,
    access: 'public',
    summary: 'Start a session',
    request: loginRequest,
    response: sessionResponse,
  },
  logout: {
    path: CALL_PATHS.logout,
    access: 'customer',
    summary: 'End the current session',
    request: emptyRequest,
    response: null,
  },
  info: {
    path: CALL_PATHS.info,
    access: 'customer',
    summary: 'The signed-in customer with balances per currency',
    request: emptyRequest,
    response: userInfoResponse,
  },
  changePassword: {
    path: CALL_PATHS.changePassword,
    access: 'customer',
    summary: 'Change the login password; ends every other session',
    request: changePasswordRequest,
    response: null,
  },
  accountStatus: {
    path: CALL_PATHS.accountStatus,
    access: 'customer',
    summary:
      "The restrictions on the customer's account with staff's reasons and the blocked actions; answered while restricted",
    request: emptyRequest,
    response: accountStatusResponse,
  },
  // Real-name verification (the photo upload is a binary request: KYC_UPLOAD_PATH)
  kycStatus: {
    path: CALL_PATHS.kycStatus,
    access: 'customer',
    summary: 'Real-name verification: state, rejection reason, what was submitted',
    request: emptyRequest,
    response: kyc.kycStatusResponse,
  },
  kycSubmit: {
    path: CALL_PATHS.kycSubmit,
    access: 'customer',
    summary: 'Submit (or resubmit after a rejection) name, ID number and uploaded photos',
    request: kyc.kycSubmitRequest,
    response: kyc.kycStatusResponse,
  },
  kycPhoto: {
    path: CALL_PATHS.kycPhoto,
    access: 'customer',
    summary: "One of the customer's own ID photos (each view is audit-logged)",
    request: kyc.kycPhotoRequest,
    response: kyc.kycPhotoResponse,
  },
  fundPasswordSet: {
    path: CALL_PATHS.fundPasswordSet,
    access: 'customer',
    summary: 'Set the 6-digit fund password (once)',
    request: kyc.fundPasswordSetRequest,
    response: null,
  },
  fundPasswordChange: {
    path: CALL_PATHS.fundPasswordChange,
    access: 'customer',
    summary: 'Change the fund password; the current one is required',
    request: kyc.fundPasswordChangeRequest,
    response: null,
  },
  fundPasswordReset: {
    path: CALL_PATHS.fundPasswordReset,
    access: 'customer',
    summary: 'Reset a forgotten fund password with the login password and the ID number on file',
    request: kyc.fundPasswordResetRequest,
    response: null,
  },
  // Market data: every answer says whether the feed is simulated.
  stockDetail: {
    path: CALL_PATHS.stockDetail,
    access: 'customer',
    summary: 'One stock: quote, 52-week range, market cap, industry',
    request: market.stockDetailRequest,
    response: market.stockDetailResponse,
  },
  indexDetail: {
    path: CALL_PATHS.indexDetail,
    access: 'customer',
    summary: 'One index with its 52-week range',
    request: market.indexDetailRequest,
    response: market.indexDetailResponse,
  },
  candles: {
    path: CALL_PATHS.candles,
    access: 'customer',
    summary: 'Candle history of a stock or an index for a period, range and adjustment',
    request: market.candlesRequest,
    response: market.candlesResponse,
  },
  indices: {
    path: CALL_PATHS.indices,
    access: 'customer',
    summary: 'KOSPI, KOSDAQ and KOSPI200',
    request: emptyRequest,
    response: market.indicesResponse,
  },
  rankings: {
    path: CALL_PATHS.rankings,
    access: 'customer',
    summary: 'Gainers, losers, volume, turnover or market-cap ranking',
    request: market.rankingsRequest,
    response: market.rankingsResponse,
  },
  industries: {
    path: CALL_PATHS.industries,
    access: 'customer',
    summary: 'Industry groups: cap-weighted change, advancers and decliners, leader',
    request: market.industriesRequest,
    response: market.industriesResponse,
  },
  investorTrends: {
    path: CALL_PATHS.investorTrends,
    access: 'customer',
    summary: "Today's net buying by individuals, foreigners and institutions",
    request: market.investorTrendsRequest,
    response: market.investorTrendsResponse,
  },
  shortSelling: {
    path: CALL_PATHS.shortSelling,
    access: 'customer',
    summary: "Today's short selling, largest amounts first",
    request: market.shortSellingRequest,
    response: market.shortSellingResponse,
  },
  fxRates: {
    path: CALL_PATHS.fxRates,
    access: 'customer',
    summary: 'FX rates in KRW per unit',
    request: emptyRequest,
    response: market.fxRatesResponse,
  },
  search: {
    path: CALL_PATHS.search,
    access: 'customer',
    summary: 'Stocks by code or name (Korean or English, case-insensitive)',
    request: market.searchRequest,
    response: market.searchResponse,
  },
  watchlist: {
    path: CALL_PATHS.watchlist,
    access: 'customer',
    summary: "The signed-in customer's watchlist with prices",
    request: market.watchlistRequest,
    response: market.watchlistResponse,
  },
  watchlistAdd: {
    path: CALL_PATHS.watchlistAdd,
    access: 'customer',
    summary: 'Add a stock to the watchlist (adding it again changes nothing)',
    request: market.watchlistAddRequest,
    response: market.watchlistResponse,
  },
  watchlistRemove: {
    path: CALL_PATHS.watchlistRemove,
    access: 'customer',
    summary: 'Remove one or several stocks from the watchlist',
    request: market.watchlistRemoveRequest,
    response: market.watchlistResponse,
  },
  marketSnapshot: {
    path: CALL_PATHS.marketSnapshot,
    access: 'public',
    summary: 'The snapshot frame of one market channel (the socket fallback polls it)',
    request: marketSnapshotRequest,
    response: marketSnapshotResponse,
  },
  // Money (docs/money.md): cards and wallets are audited; adding honours an Idempotency-Key, so a
  // retried add answers the card it made instead of refusing it as already registered.
  bankList: {
    path: CALL_PATHS.bankList,
    access: 'customer',
    summary: "The customer's bank cards, numbers masked",
    request: emptyRequest,
    response: money.bankListResponse,
  },
  addBankCard: {
    path: CALL_PATHS.addBankCard,
    access: 'customer',
    summary: 'Register a bank card in the verified name (fund password required)',
    request: money.addBankCardRequest,
    response: money.bankCardResponse,
    audit: true,
    idempotent: true,
  },
  delBankCard: {
    path: CALL_PATHS.delBankCard,
    access: 'customer',
    summary:
      'Remove a bank card (fund password required; refused while a withdrawal to it is pending)',
    request: money.deleteByIdRequest,
    response: null,
    audit: true,
  },
  walletList: {
    path: CALL_PATHS.walletList,
    access: 'customer',
    summary: "The customer's USDT wallets with a payment QR each",
    request: emptyRequest,
    response: money.walletListResponse,
  },
  addWallet: {
    path: CALL_PATHS.addWallet,
    access: 'customer',
    summary:
      'Register a USDT address on TRC20 or ERC20 (checksum verified; fund password required)',
    request: money.addWalletRequest,
    response: money.walletResponse,
    audit: true,
    idempotent: true,
  },
  delWallet: {
    path: CALL_PATHS.delWallet,
    access: 'customer',
    summary:
      'Remove a USDT wallet (fund password required; refused while a withdrawal to it is pending)',
    request: money.deleteByIdRequest,
    response: null,
    audit: true,
  },
  balances: {
    path: CALL_PATHS.balances,
    access: 'customer',
    summary: 'Balances per currency: total, available, held and withdrawable (minor units)',
    request: emptyRequest,
    response: money.balancesResponse,
  },
  // Deposits and withdrawals are lifecycles (machines/deposit.ts, machines/withdrawal.ts); every
  // call that moves money honours an Idempotency-Key (docs/server.md).
  rechargeChannel: {
    path: CALL_PATHS.rechargeChannel,
    access: 'customer',
    summary: "The broker's receiving accounts for a currency, with the deposit limits and window",
    request: funds.rechargeChannelRequest,
    response: funds.rechargeChannelResponse,
  },
  recharge: {
    path: CALL_PATHS.recharge,
    access: 'customer',
    summary: 'Report a deposit with its voucher; staff credit it after checking the transfer',
    request: funds.rechargeRequest,
    response: funds.fundOrderResponse,
    audit: true,
    idempotent: true,
  },
  cashOutInfo: {
    path: CALL_PATHS.cashOutInfo,
    access: 'customer',
    summary: 'Withdrawal limits, window and the withdrawable amount for a currency',
    request: funds.cashOutInfoRequest,
    response: funds.cashOutInfoResponse,
  },
  cashOut: {
    path: CALL_PATHS.cashOut,
    access: 'customer',
    summary: 'Withdraw to a card or wallet (fund password); the amount is held at once',
    request: funds.cashOutRequest,
    response: funds.fundOrderResponse,
    audit: true,
    idempotent: true,
  },
  fundOrderCancel: {
    path: CALL_PATHS.fundOrderCancel,
    access: 'customer',
    summary: 'Cancel a pending deposit or withdrawal (a held amount is released)',
    request: funds.fundOrderIdRequest,
    response: funds.fundOrderResponse,
    audit: true,
    idempotent: true,
  },
  fundOrderDetail: {
    path: CALL_PATHS.fundOrderDetail,
    access: 'customer',
    summary: 'A deposit or withdrawal with its lifecycle history',
    request: funds.fundOrderIdRequest,
    response: funds.fundOrderDetailResponse,
  },
  exchangeQuote: {
    path: CALL_PATHS.exchangeQuote,
    access: 'customer',
    summary: 'A short-lived exchange quote: rate with the spread, what is received, the fee',
    request: funds.exchangeQuoteRequest,
    response: funds.exchangeQuoteResponse,
  },
  exchange: {
    path: CALL_PATHS.exchange,
    access: 'customer',
    summary:
      'Exchange at a quote (fund password): two linked entries through the house FX accounts',
    request: funds.exchangeRequest,
    response: funds.exchangeResponse,
    audit: true,
    idempotent: true,
  },
  fundRecord: {
    path: CALL_PATHS.fundRecord,
    access: 'customer',
    summary: 'Fund records by type (trade, recharge, withdraw, exchange), newest first',
    request: funds.fundRecordRequest,
    response: funds.fundRecordResponse,
  },
  // Trading (docs/trading.md)
  tradeProducts: {
    path: CALL_PATHS.tradeProducts,
    access: 'customer',
    summary:
      'The trading products: lot size, leverage multiples, minimum opening amount, lock rule, fees, open now',
    request: emptyRequest,
    response: trade.tradeProductsResponse,
  },
  tradePreview: {
    path: CALL_PATHS.tradePreview,
    access: 'customer',
    summary:
      'What an order would cost (margin, fee, tax, notional) and fill at now, or the refusal it would get; changes nothing',
    request: trade.placeOrderRequest,
    response: trade.orderPreviewResponse,
  },
  tradePlace: {
    path: CALL_PATHS.tradePlace,
    access: 'customer',
    summary:
      'Place an order: margin, fee and tax are held at once; a market order fills from the book, a limit order rests until the market trades through it',
    request: trade.placeOrderRequest,
    response: trade.tradeOrderResponse,
    audit: true,
    idempotent: 'required',
  },
  tradeCancel: {
    path: CALL_PATHS.tradeCancel,
    access: 'customer',
    summary: 'Cancel a pending order; what it held is released',
    request: trade.orderIdRequest,
    response: trade.tradeOrderResponse,
    audit: true,
  },
  tradeClose: {
    path: CALL_PATHS.tradeClose,
    access: 'customer',
    summary: 'Close a closable position at the market; realised P&L is posted',
    request: trade.orderIdRequest,
    response: trade.tradeOrderResponse,
    audit: true,
    idempotent: 'required',
  },
  tradeOrders: {
    path: CALL_PATHS.tradeOrders,
    access: 'customer',
    summary: 'Orders and positions by tab (holding, pending, closed, all), newest first',
    request: trade.ordersRequest,
    response: trade.ordersResponse,
  },
  tradeOrder: {
    path: CALL_PATHS.tradeOrder,
    access: 'customer',
    summary: 'One order or position: fields, state, accepted events and history',
    request: trade.orderIdRequest,
    response: trade.orderDetailResponse,
  },
  portfolio: {
    path: CALL_PATHS.portfolio,
    access: 'customer',
    summary: "Total assets and today's P&L (home and Mine)",
    request: emptyRequest,
    response: trade.portfolioResponse,
  },
  blockList: {
    path: CALL_PATHS.blockList,
    access: 'customer',
    summary: "Block-trade offerings and the customer's applications",
    request: emptyRequest,
    response: trade.blockListResponse,
  },
  blockApply: {
    path: CALL_PATHS.blockApply,
    access: 'customer',
    summary:
      'Apply for shares of a block-trade offering: the amount is held until staff approve (a position at the offering price) or reject',
    request: trade.blockApplyRequest,
    response: trade.blockListResponse,
    audit: true,
    idempotent: true,
  },
  // Corporate actions: dividends and rights issues (docs/corporate-actions.md)
  corporateList: {
    path: CALL_PATHS.corporateList,
    access: 'customer',
    summary: 'Dividends paid to me, rights issues offered to me, and my rights applications',
    request: emptyRequest,
    response: corporate.corporateListResponse,
  },
  corporateApply: {
    path: CALL_PATHS.corporateApply,
    access: 'customer',
    summary:
      'Apply for new shares of a rights issue within its window: issue price × shares is held until the shares list',
    request: corporate.corporateApplyRequest,
    response: corporate.corporateListResponse,
    audit: true,
    idempotent: 'required',
  },
  // Message centre (docs/messages.md)
  msgList: {
    path: CALL_PATHS.msgList,
    access: 'customer',
    summary:
      "The customer's messages, newest first, in the request's language (pages of 10 by default), with the unread count",
    request: messages.msgListRequest,
    response: messages.msgListResponse,
  },
  msgUnread: {
    path: CALL_PATHS.msgUnread,
    access: 'customer',
    summary: "How many of the customer's messages are unread (the badge)",
    request: emptyRequest,
    response: messages.unreadResponse,
  },
  msgRead: {
    path: CALL_PATHS.msgRead,
    access: 'customer',
    summary: 'Mark one message read; answers the unread count',
    request: messages.msgReadRequest,
    response: messages.unreadResponse,
  },
  msgReadAll: {
    path: CALL_PATHS.msgReadAll,
    access: 'customer',
    summary: "Mark all the customer's messages read; answers the unread count (0)",
    request: emptyRequest,
    response: messages.unreadResponse,
  },
  // News (issue 13, docs/news.md)
  newsList: {
    path: CALL_PATHS.newsList,
    access: 'customer',
    summary: 'Published news by tag, hot first then newest, a page at a time (page size 10)',
    request: news.newsListRequest,
    response: news.newsListResponse,
  },
  newsDetail: {
    path: CALL_PATHS.newsDetail,
    access: 'customer',
    summary: "One published article in the reader's language, its body sanitised HTML",
    request: news.newsIdRequest,
    response: news.newsDetailResponse,
  },
  newsStock: {
    path: CALL_PATHS.newsStock,
    access: 'customer',
    summary: "A stock's latest related news (stock detail)",
    request: news.newsStockRequest,
    response: news.newsStockResponse,
  },
  // Placements and auctions (issue 12, docs/placements.md)
  placementList: {
    path: CALL_PATHS.placementList,
    access: 'customer',
    summary: "Placements (price, quantity, tiers, window, state) and the customer's applications",
    request: placement.placementListRequest,
    response: placement.placementListResponse,
  },
  placementApply: {
    path: CALL_PATHS.placementApply,
    access: 'customer',
    summary:
      "Apply for shares of a placement in progress: the deposit is held until the allotment at the window's close",
    request: placement.placementApplyRequest,
    response: placement.placementApplicationDto,
    audit: true,
    idempotent: true,
  },
  placementPay: {
    path: CALL_PATHS.placementPay,
    access: 'customer',
    summary:
      'Pay up an allotment pending payment: the shares become a position at the placement price',
    request: placement.placementIdRequest,
    response: placement.placementApplicationDto,
    audit: true,
    idempotent: true,
  },
  placementRecords: {
    path: CALL_PATHS.placementRecords,
    access: 'customer',
    summary: "The customer's placement applications by page, newest first",
    request: placement.recordsRequest,
    response: placement.placementRecordsResponse,
  },
  auctionList: {
    path: CALL_PATHS.auctionList,
    access: 'customer',
    summary: "Auctions (shares offered, reserve, window, state) and the customer's bids",
    request: placement.placementListRequest,
    response: placement.auctionListResponse,
  },
  auctionBid: {
    path: CALL_PATHS.auctionBid,
    access: 'customer',
    summary:
      'A sealed bid in an auction in progress: price × shares held; at the close the best prices (then the earliest) win at their own price',
    request: placement.auctionBidRequest,
    response: placement.auctionBidDto,
    audit: true,
    idempotent: true,
  },
  auctionRecords: {
    path: CALL_PATHS.auctionRecords,
    access: 'customer',
    summary: "The customer's auction bids by page, newest first, with what each won",
    request: placement.recordsRequest,
    response: placement.auctionRecordsResponse,
  },
  // IPO subscriptions (issue 12, docs/ipo.md)
  ipoList: {
    path: CALL_PATHS.ipoList,
    access: 'customer',
    summary: "IPO offerings by tab (upcoming, open, closed) with the spec's fields",
    request: ipo.ipoListRequest,
    response: ipo.ipoListResponse,
  },
  ipoDetail: {
    path: CALL_PATHS.ipoDetail,
    access: 'customer',
    summary:
      "One offering: schedule, the seed's hash (and the seed after the draw), the customer's subscriptions",
    request: ipo.ipoIdRequest,
    response: ipo.ipoDetailResponse,
  },
  ipoSubscribe: {
    path: CALL_PATHS.ipoSubscribe,
    access: 'customer',
    summary:
      "Subscribe for shares of an open offering: the deposit (a share of offer price × shares) is held in the customer's IPO-deposit account",
    request: ipo.ipoSubscribeRequest,
    response: ipo.ipoSubscription,
    audit: true,
    idempotent: true,
  },
  ipoPay: {
    path: CALL_PATHS.ipoPay,
    access: 'customer',
    summary:
      'Pay an allotment pending payment: the deposit pays first, the rest from available cash',
    request: ipo.ipoIdRequest,
    response: ipo.ipoSubscription,
    audit: true,
    idempotent: true,
  },
  ipoWaive: {
    path: CALL_PATHS.ipoWaive,
    access: 'customer',
    summary: 'Give up an allotment pending payment; the deposit is released',
    request: ipo.ipoIdRequest,
    response: ipo.ipoSubscription,
    audit: true,
    idempotent: true,
  },
  ipoSubscription: {
    path: CALL_PATHS.ipoSubscription,
    access: 'customer',
    summary: 'One subscription: deposit, result, payment, accepted events and history',
    request: ipo.ipoIdRequest,
    response: ipo.ipoSubscriptionDetailResponse,
  },
  ipoRecords: {
    path: CALL_PATHS.ipoRecords,
    access: 'customer',
    summary: 'Subscription, placement, auction and allotment records by tab, newest first',
    request: ipo.ipoRecordsRequest,
    response: ipo.ipoRecordsResponse,
  },
  ipoDraw: {
    path: CALL_PATHS.ipoDraw,
    access: 'customer',
    summary:
      'The published draw of an offering: seed, inputs (hashed account ids and shares) and every allocation',
    request: ipo.ipoIdRequest,
    response: ipo.ipoDrawResponse,
  },
  // Service (issue 13, docs/service.md): daily check-in, profile, seat accounts
  checkInStatus: {
    path: CALL_PATHS.checkInStatus,
    access: 'customer',
    summary:
      "Today's check-in, the streak, points, the reward catalogue and the customer's rewards",
    request: emptyRequest,
    response: service.checkInStatusResponse,
  },
  checkIn: {
    path: CALL_PATHS.checkIn,
    access: 'customer',
    summary: 'Check in for today (one per Seoul calendar day)',
    request: emptyRequest,
    response: service.checkInStatusResponse,
    audit: true,
  },
  checkInRedeem: {
    path: CALL_PATHS.checkInRedeem,
    access: 'customer',
    summary: 'Spend check-ins on a reward of the catalogue',
    request: service.checkInRedeemRequest,
    response: service.checkInStatusResponse,
    audit: true,
    idempotent: true,
  },
  profile: {
    path: CALL_PATHS.profile,
    access: 'customer',
    summary:
      'The profile: avatar, nickname, masked account, identity state, institution, seat account',
    request: emptyRequest,
    response: service.profileResponse,
  },
  profileNickname: {
    path: CALL_PATHS.profileNickname,
    access: 'customer',
    summary: 'Set the nickname',
    request: service.nicknameRequest,
    response: service.profileResponse,
    audit: true,
  },
  seatStatus: {
    path: CALL_PATHS.seatStatus,
    access: 'customer',
    summary: "The customer's seat-account application and the seat commission",
    request: emptyRequest,
    response: service.seatStatusResponse,
  },
  seatApply: {
    path: CALL_PATHS.seatApply,
    access: 'customer',
    summary: 'Apply to become a seat account; staff approve or reject with a reason',
    request: emptyRequest,
    response: service.seatStatusResponse,
    audit: true,
  },
  // Customer service (issue 13, docs/support.md)
  supportStatus: {
    path: CALL_PATHS.supportStatus,
    access: 'customer',
    summary: "Service hours, agents on shift, and the customer's conversation",
    request: emptyRequest,
    response: support.supportStatusResponse,
  },
  supportHistory: {
    path: CALL_PATHS.supportHistory,
    access: 'customer',
    summary: "A page of the customer's conversation, oldest first (`before` an id for older ones)",
    request: support.supportHistoryRequest,
    response: support.supportHistoryResponse,
  },
  supportSend: {
    path: CALL_PATHS.supportSend,
    access: 'customer',
    summary:
      'Send a chat message (opens or reopens the conversation); refused while no agent is on shift',
    request: support.supportSendRequest,
    response: support.supportSendResponse,
    audit: true,
  },
  supportLeaveMessage: {
    path: CALL_PATHS.supportLeaveMessage,
    access: 'customer',
    summary: 'Leave a message for the agents (while none is on shift); answered in the chat',
    request: support.supportSendRequest,
    response: support.supportSendResponse,
    audit: true,
  },
  supportRead: {
    path: CALL_PATHS.supportRead,
    access: 'customer',
    summary: "Mark the agents' messages read up to an id (the agent sees the read receipt)",
    request: support.supportReadRequest,
    response: support.supportStatusResponse,
  },
  supportImage: {
    path: CALL_PATHS.supportImage,
    access: 'customer',
    summary: "An image of the customer's conversation as a data: URL",
    request: support.supportImageDataRequest,
    response: support.supportImageDataResponse,
  },
} as const satisfies {
  [N in keyof typeof CALL_PATHS]: CallSpec & { path: (typeof CALL_PATHS)[N] };
};

export type CallName = keyof typeof CALLS;

/** The customer API: CALLS under API_BASE. */
export const CUSTOMER_API = {
  base: API_BASE,
  tag: 'customer',
  operationPrefix: '',
  calls: CALLS,
} as const satisfies CallCatalogue<typeof CALLS>;

/**
 * `POST <API_BASE>/kyc/upload?side=front|back` with the photo's bytes as the body
 * (application/octet-stream); registered by server/modules/kyc/upload-route.ts.
 */
export const KYC_UPLOAD = {
  path: KYC_UPLOAD_PATH,
  access: 'customer',
  summary: 'Upload one ID photo (JPEG or PNG bytes, at most 10 MB) for real-name verification',
  bodyKind: 'binary',
  query: kyc.kycUploadQuery,
  response: kyc.kycUploadResponse,
} as const satisfies BinaryCallSpec;

/**
 * `POST <API_BASE>/user/recharge/voucher` with the deposit voucher (proof of transfer) as the body:
 * raw image bytes, or multipart/form-data with one file part; registered by
 * server/modules/money/deposits/voucher-route.ts.
 */
export const RECHARGE_VOUCHER = {
  path: funds.RECHARGE_VOUCHER_PATH,
  access: 'customer',
  summary:
    'Upload a deposit voucher (JPEG or PNG, at most 10 MB; raw bytes or multipart/form-data with one file)',
  bodyKind: 'binary',
  query: funds.rechargeVoucherQuery,
  response: funds.rechargeVoucherResponse,
} as const satisfies BinaryCallSpec;

/**
 * `POST <API_BASE>/user/avatar` with the avatar image's bytes as the body (issue 13); registered
 * by server/modules/service/avatar-route.ts.
 */
export const AVATAR_UPLOAD = {
  path: service.AVATAR_UPLOAD_PATH,
  access: 'customer',
  summary: 'Upload the avatar (JPEG or PNG, at most 10 MB); stored as a 256-pixel square JPEG',
  bodyKind: 'binary',
  query: service.avatarUploadQuery,
  response: service.avatarUploadResponse,
} as const satisfies BinaryCallSpec;

/**
 * `POST <API_BASE>/kefu/image/send` with a chat image's bytes as the body: sent into the
 * customer's conversation like a text message (docs/support.md).
 */
export const SUPPORT_IMAGE_UPLOAD = {
  path: `${support.SUPPORT_IMAGE_UPLOAD_PATH}/send`,
  access: 'customer',
  summary: 'Send an image into the chat (JPEG or PNG, at most 10 MB); re-encoded without metadata',
  bodyKind: 'binary',
  query: support.supportImageQuery,
  response: support.supportSendResponse,
} as const satisfies BinaryCallSpec;

/**
 * `POST <STAFF_API_BASE>/support/image/send?id=<conversation>` with a chat image's bytes as the
 * body: an agent's image into a conversation assigned to them, through the same pipeline.
 */
export const SUPPORT_STAFF_IMAGE_UPLOAD = {
  path: support.SUPPORT_STAFF_IMAGE_UPLOAD_PATH,
  access: { staff: 'any' },
  summary:
    'Send an image into a conversation assigned to the caller (JPEG or PNG, at most 10 MB); re-encoded without metadata',
  bodyKind: 'binary',
  query: support.supportStaffImageQuery,
  response: support.supportConversationDetail,
} as const satisfies BinaryCallSpec;

/** The back office's binary calls (under STAFF_API_BASE), for the OpenAPI document. */
export const STAFF_BINARY_CALLS = {
  supportImageUpload: SUPPORT_STAFF_IMAGE_UPLOAD,
} as const;

/** Every binary call, for the OpenAPI document. */
export const BINARY_CALLS = {
  kycUpload: KYC_UPLOAD,
  rechargeVoucher: RECHARGE_VOUCHER,
  // Service (issue 13)
  avatarUpload: AVATAR_UPLOAD,
  // Customer service (issue 13)
  supportImageUpload: SUPPORT_IMAGE_UPLOAD,
} as const;
