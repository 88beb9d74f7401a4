import { loadStockDetailScreen } from './earlyScreen';
import { lazyScreen } from './lazyScreen';
import type { LazyScreen } from './lazyScreen';

export interface ScreenRoute {
  path: string;
  Screen: LazyScreen;
  /** Needs a signed-in customer (redirects to /login/login otherwise). */
  session: boolean;
  /** Drawn above the bottom tab bar. */
  tabBar?: boolean;
}

/**
 * Every screen that exists, by the spec's paths. Each is its own chunk, so the login route never
 * downloads the account screens. The tab bar shows a tab only when its path is listed here.
 */
export const SCREENS: readonly ScreenRoute[] = [
  {
    path: '/login/start',
    Screen: lazyScreen(() => import('../login/StartScreen'), { allTexts: false }),
    session: false,
  },
  {
    path: '/login/start1',
    Screen: lazyScreen(() => import('../login/LanguageStartScreen'), { allTexts: false }),
    session: false,
  },
  {
    path: '/login/login',
    Screen: lazyScreen(() => import('../login/LoginScreen')),
    session: false,
  },
  {
    path: '/login/register',
    Screen: lazyScreen(() => import('../login/RegisterScreen')),
    session: false,
  },
  {
    path: '/login/reLogin',
    Screen: lazyScreen(() => import('../login/ReLoginScreen')),
    session: false,
  },
  {
    path: '/login/loginAfter',
    Screen: lazyScreen(() => import('../login/LoginAfterScreen')),
    session: true,
  },
  {
    path: '/information/index',
    Screen: lazyScreen(() => import('../information/MineScreen')),
    session: true,
    tabBar: true,
  },
  {
    path: '/information/setting',
    Screen: lazyScreen(() => import('../information/SettingScreen')),
    session: true,
  },
  {
    path: '/information/changeLang',
    Screen: lazyScreen(() => import('../information/ChangeLangScreen')),
    session: true,
  },
  {
    path: '/information/loginPass',
    Screen: lazyScreen(() => import('../information/LoginPassScreen')),
    session: true,
  },
  {
    path: '/information/authInfo',
    Screen: lazyScreen(() => import('../information/AuthInfoScreen')),
    session: true,
  },
  {
    path: '/information/fundPass',
    Screen: lazyScreen(() => import('../information/FundPassScreen')),
    session: true,
  },
  {
    path: '/information/bankList',
    Screen: lazyScreen(() => import('../information/BankListScreen')),
    session: true,
  },
  {
    path: '/information/addBankCard',
    Screen: lazyScreen(() => import('../information/AddBankCardScreen')),
    session: true,
  },
  {
    path: '/information/usdtAddress',
    Screen: lazyScreen(() => import('../information/UsdtAddressScreen')),
    session: true,
  },
  // Deposits, withdrawals and exchange (docs/money.md, part two)
  {
    path: '/information/rechargeChannel',
    Screen: lazyScreen(() => import('../information/RechargeChannelScreen')),
    session: true,
  },
  {
    path: '/information/recharge',
    Screen: lazyScreen(() => import('../information/RechargeScreen')),
    session: true,
  },
  {
    path: '/information/cashOut',
    Screen: lazyScreen(() => import('../information/CashOutScreen')),
    session: true,
  },
  {
    path: '/information/exChange',
    Screen: lazyScreen(() => import('../information/ExChangeScreen')),
    session: true,
  },
  {
    path: '/information/fundRecord',
    Screen: lazyScreen(() => import('../information/FundRecordScreen')),
    session: true,
  },
  {
    path: '/information/aboutUs',
    Screen: lazyScreen(() => import('../information/AboutUsScreen')),
    session: false,
  },
  {
    path: '/information/aboutInfo',
    Screen: lazyScreen(() => import('../information/AboutInfoScreen')),
    session: false,
  },
  // Market data (docs/market-screens.md)
  {
    path: '/home/index',
    Screen: lazyScreen(() => import('../home/HomeScreen')),
    session: true,
    tabBar: true,
  },
  {
    path: '/home/market',
    Screen: lazyScreen(() => import('../home/HomeMarketScreen')),
    session: true,
  },
  {
    path: '/market/index',
    Screen: lazyScreen(() => import('../market/MarketScreen')),
    session: true,
    tabBar: true,
  },
  {
    path: '/market/optionList',
    Screen: lazyScreen(() => import('../market/OptionListScreen')),
    session: true,
  },
  {
    path: '/market/stockDetail',
    Screen: lazyScreen(loadStockDetailScreen),
    session: true,
  },
  // Trading (issue 11, docs/trading.md)
  {
    path: '/market/marketBuy',
    Screen: lazyScreen(() => import('../trade/MarketBuyScreen')),
    session: true,
  },
  {
    path: '/home/dayTrading',
    Screen: lazyScreen(() => import('../trade/DayTradingScreen')),
    session: true,
  },
  {
    path: '/home/blockTrade',
    Screen: lazyScreen(() => import('../home/block/BlockTradeScreen')),
    session: true,
  },
  {
    path: '/home/blockTrade1',
    Screen: lazyScreen(() => import('../home/block/BlockApplyScreen')),
    session: true,
  },
  {
    path: '/home/blockTrade2',
    Screen: lazyScreen(() => import('../home/block/BlockApplicationsScreen')),
    session: true,
  },
  // Placements and auctions (issue 12, docs/placements.md)
  {
    path: '/home/newStockps',
    Screen: lazyScreen(() => import('../home/placement/PlacementListScreen')),
    session: true,
  },
  {
    path: '/home/newStockPsBuy',
    Screen: lazyScreen(() => import('../home/placement/PlacementApplyScreen')),
    session: true,
  },
  {
    path: '/home/auction',
    Screen: lazyScreen(() => import('../home/placement/AuctionListScreen')),
    session: true,
  },
  {
    path: '/home/auctionBid',
    Screen: lazyScreen(() => import('../home/placement/AuctionBidScreen')),
    session: true,
  },
  {
    path: '/market/stockDetailzs',
    Screen: lazyScreen(() => import('../market/IndexDetailScreen')),
    session: true,
  },
  {
    path: '/market/marketTeshe',
    Screen: lazyScreen(() => import('../market/FeaturedScreen')),
    session: true,
  },
  {
    path: '/market/marketZhiBiao',
    Screen: lazyScreen(() => import('../market/IndicatorsScreen')),
    session: true,
  },
  {
    path: '/market/marketQuestion',
    Screen: lazyScreen(() => import('../market/IssuesScreen')),
    session: true,
  },
  // Trading (issue 11): the customer's positions and orders
  {
    path: '/trade/index',
    Screen: lazyScreen(() => import('../trade/TradeScreen')),
    session: true,
    tabBar: true,
  },
  {
    path: '/trade/positionDetail',
    Screen: lazyScreen(() => import('../trade/PositionDetailScreen')),
    session: true,
  },
  {
    path: '/favorite/index',
    Screen: lazyScreen(() => import('../favorite/WatchlistScreen')),
    session: true,
    tabBar: true,
  },
  {
    path: '/favorite/search',
    Screen: lazyScreen(() => import('../favorite/SearchScreen')),
    session: true,
  },
  // Corporate actions: dividends and rights issues (docs/corporate-actions.md)
  {
    path: '/home/dividend',
    Screen: lazyScreen(() => import('../home/corporate/DividendScreen')),
    session: true,
  },
  {
    path: '/home/rightsApply',
    Screen: lazyScreen(() => import('../home/corporate/RightsApplyScreen')),
    session: true,
  },
  // IPO subscriptions (issue 12): offerings, the subscribe flow, records and the draw
  {
    path: '/home/newStock',
    Screen: lazyScreen(() => import('../home/ipo/NewStockScreen')),
    session: true,
  },
  {
    path: '/home/newStockBuy',
    Screen: lazyScreen(() => import('../home/ipo/NewStockBuyScreen')),
    session: true,
  },
  {
    path: '/home/newStockRecord',
    Screen: lazyScreen(() => import('../home/ipo/NewStockRecordScreen')),
    session: true,
  },
  {
    path: '/home/newStockRecords',
    Screen: lazyScreen(() => import('../home/ipo/NewStockRecordsScreen')),
    session: true,
  },
  {
    path: '/home/newStockDraw',
    Screen: lazyScreen(() => import('../home/ipo/NewStockDrawScreen')),
    session: true,
  },
  // Service (issue 13): profile and daily check-in
  {
    path: '/information/userInfo',
    Screen: lazyScreen(() => import('../information/UserInfoScreen')),
    session: true,
  },
  {
    path: '/information/signIn',
    Screen: lazyScreen(() => import('../information/CheckInScreen')),
    session: true,
  },
  // Message centre (docs/messages.md)
  {
    path: '/information/msgInfo',
    Screen: lazyScreen(() => import('../information/MsgInfoScreen')),
    session: true,
  },
  // News (issue 13): the news tab (a Home tile; components/TabBar/tabs.ts) and an article
  {
    path: '/home/newsList',
    Screen: lazyScreen(() => import('../home/news/NewsListScreen')),
    session: true,
  },
  {
    path: '/home/newsDetail',
    Screen: lazyScreen(() => import('../home/news/NewsDetailScreen')),
    session: true,
  },
  // Customer service (issue 13, docs/support.md): the tab bar's `kefu` target
  {
    path: '/home/kefuCenter',
    Screen: lazyScreen(() => import('../home/kefu/KefuCenterScreen')),
    session: true,
  },
];

export const SCREEN_PATHS: ReadonlySet<string> = new Set(SCREENS.map((s) => s.path));
