import { Navigate, createHashRouter } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { Layout, RequireStaff } from './Layout';
import { navFor } from './roles';
import { useStaffSession } from './session';
import AuditScreen from './screens/AuditScreen';
import ChangePasswordScreen from './screens/ChangePasswordScreen';
import CustomerDetailScreen from './screens/CustomerDetailScreen';
import CustomersScreen from './screens/CustomersScreen';
import EntityScreen from './screens/EntityScreen';
import InstitutionCustomersScreen from './screens/InstitutionCustomersScreen';
import InstitutionsScreen from './screens/InstitutionsScreen';
import JobsScreen from './screens/JobsScreen';
import KycDetailScreen from './screens/KycDetailScreen';
import KycQueueScreen from './screens/KycQueueScreen';
import LoginScreen from './screens/LoginScreen';
import SettingsScreen from './screens/SettingsScreen';
import StaffScreen from './screens/StaffScreen';

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
      { path: 'entities/:entityType/:entityId', element: <EntityScreen /> },
      { path: 'audit', element: <AuditScreen /> },
      { path: 'institutions', element: <InstitutionsScreen /> },
      { path: 'institutions/:institutionId', element: <InstitutionCustomersScreen /> },
      { path: 'jobs', element: <JobsScreen /> },
      { path: 'settings', element: <SettingsScreen /> },
      { path: 'staff', element: <StaffScreen /> },
      { path: '*', element: <Home /> },
    ],
  },
];

export function createBackofficeRouter() {
  return createHashRouter(BACKOFFICE_ROUTES);
}

export type BackofficeRouter = ReturnType<typeof createBackofficeRouter>;
