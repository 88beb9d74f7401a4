import { Navigate, createHashRouter } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { Layout, RequireStaff } from './Layout';
import { navFor } from './roles';
import { useStaffSession } from './session';
import AdjustListScreen from './screens/AdjustListScreen';
import AdjustProposeScreen from './screens/AdjustProposeScreen';
import AuditScreen from './screens/AuditScreen';
import BlockScreen from './screens/BlockScreen';
// Corporate actions (docs/corporate-actions.md)
import CorporateScreen from './screens/CorporateScreen';
// Placements and auctions (issue 12)
import OfferingsScreen from './screens/OfferingsScreen';
import ChangePasswordScreen from './screens/ChangePasswordScreen';
import ChannelApproveScreen from './screens/ChannelApproveScreen';
import ChannelListScreen from './screens/ChannelListScreen';
import ChannelProposeScreen from './screens/ChannelProposeScreen';
import CustomerDetailScreen from './screens/CustomerDetailScreen';
import CustomersScreen from './screens/CustomersScreen';
import EntityScreen from './screens/EntityScreen';
import FundCaseScreen from './screens/FundCaseScreen';
import FundQueueScreen from './screens/FundQueueScreen';
import FundSettingsScreen from './screens/FundSettingsScreen';
import InstitutionCustomersScreen from './screens/InstitutionCustomersScreen';
import InstitutionsScreen from './screens/InstitutionsScreen';
import IpoDetailScreen from './screens/IpoDetailScreen';
import IpoScreen from './screens/IpoScreen';
import JobsScreen from './screens/JobsScreen';
import KycDetailScreen from './screens/KycDetailScreen';
import KycQueueScreen from './screens/KycQueueScreen';
import LoginScreen from './screens/LoginScreen';
import OrderDetailScreen from './screens/OrderDetailScreen';
import OrdersScreen from './screens/OrdersScreen';
import ProductsScreen from './screens/ProductsScreen';
import SettingsScreen from './screens/SettingsScreen';
import StaffScreen from './screens/StaffScreen';
import CheckInRewardsScreen from './screens/CheckInRewardsScreen';
import SeatScreen from './screens/SeatScreen';
import SupportScreen from './screens/SupportScreen';
import AnnouncementsScreen from './screens/AnnouncementsScreen';
// News (issue 13)
import NewsScreen from './screens/NewsScreen';

/** The first screen the signed-in role may open. */
function Home() {
  const { me } = useStaffSession();
  const first = navFor(me?.role)[0];
  return <Navigate to={first?.path ?? '/login'} replace />;
}

export const BACKOFFICE_ROUTES: RouteObject[] = [
  { path: '/login', element: <LoginScreen /> },
  {
    path: '/password',
    element: (
      <RequireStaff allowPasswordChange>
        <ChangePasswordScreen />
      </RequireStaff>
    ),
  },
  {
    path: '/',
    element: (
      <RequireStaff>
        <Layout />
      </RequireStaff>
    ),
    children: [
      { index: true, element: <Home /> },
      { path: 'kyc', element: <KycQueueScreen /> },
      { path: 'kyc/:customerId', element: <KycDetailScreen /> },
      { path: 'customers', element: <CustomersScreen /> },
      { path: 'customers/:customerId', element: <CustomerDetailScreen /> },
      // Money (issue 10). Keyed by kind so switching between the two remounts the screen.
      { path: 'deposits/queue', element: <FundQueueScreen key="deposit" kind="deposit" /> },
      { path: 'deposits/detail', element: <FundCaseScreen key="deposit" kind="deposit" /> },
      {
        path: 'withdrawals/queue',
        element: <FundQueueScreen key="withdrawal" kind="withdrawal" />,
      },
      {
        path: 'withdrawals/detail',
        element: <FundCaseScreen key="withdrawal" kind="withdrawal" />,
      },
      { path: 'channels/list', element: <ChannelListScreen /> },
      { path: 'channels/propose', element: <ChannelProposeScreen /> },
      { path: 'channels/approve', element: <ChannelApproveScreen /> },
      { path: 'ledger/adjust/list', element: <AdjustListScreen /> },
      { path: 'ledger/adjust/propose', element: <AdjustProposeScreen /> },
      // Trading (issue 11): staff read orders; they never fill, cancel or re-price them.
      { path: 'products', element: <ProductsScreen /> },
      { path: 'orders', element: <OrdersScreen /> },
      { path: 'orders/detail', element: <OrderDetailScreen /> },
      { path: 'block', element: <BlockScreen /> },
      // Placements and auctions (issue 12)
      { path: 'offerings', element: <OfferingsScreen /> },
      { path: 'entities/:entityType/:entityId', element: <EntityScreen /> },
      { path: 'audit', element: <AuditScreen /> },
      { path: 'institutions', element: <InstitutionsScreen /> },
      { path: 'institutions/:institutionId', element: <InstitutionCustomersScreen /> },
      { path: 'jobs', element: <JobsScreen /> },
      { path: 'settings', element: <SettingsScreen /> },
      { path: 'fundSettings', element: <FundSettingsScreen /> },
      { path: 'staff', element: <StaffScreen /> },
      // Corporate actions (docs/corporate-actions.md)
      { path: 'corporate', element: <CorporateScreen /> },
      // IPO offerings (issue 12): set-up, publishing and the draw's report; nobody picks winners
      { path: 'ipo', element: <IpoScreen /> },
      { path: 'ipo/detail', element: <IpoDetailScreen /> },
      // Service (issue 13)
      { path: 'checkInRewards', element: <CheckInRewardsScreen /> },
      { path: 'seat', element: <SeatScreen /> },
      // Message centre (docs/messages.md)
      { path: 'announcements', element: <AnnouncementsScreen /> },
      // News (issue 13)
      { path: 'news', element: <NewsScreen /> },
      // Customer service (issue 13, docs/support.md)
      { path: 'support', element: <SupportScreen /> },
      { path: '*', element: <Home /> },
    ],
  },
];

export function createBackofficeRouter() {
  return createHashRouter(BACKOFFICE_ROUTES);
}

export type BackofficeRouter = ReturnType<typeof createBackofficeRouter>;
