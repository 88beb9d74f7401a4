import { staffMayCall } from '../../contract/call-spec';
import type { StaffCallName } from '../../contract/staff-calls';
import { STAFF_CALLS } from '../../contract/staff-calls';
import type { StaffRole } from '../../contract/schemas/staff';

/** Whether a role may make a call, read from the contract's catalogue (the server checks the same). */
export function mayCall(role: StaffRole | undefined, name: StaffCallName): boolean {
  return role !== undefined && staffMayCall(STAFF_CALLS[name].access, role);
}

export interface NavItem {
  id:
    | 'kyc'
    | 'customers'
    | 'deposits'
    | 'withdrawals'
    | 'channels'
    | 'adjustments'
    | 'products'
    | 'orders'
    | 'block'
    // Placements and auctions (issue 12)
    | 'offerings'
    | 'audit'
    | 'institutions'
    | 'jobs'
    | 'settings'
    | 'fundSettings'
    | 'staff'
    // Corporate actions (docs/corporate-actions.md)
    | 'corporate'
    | 'ipo'
    // Service (issue 13)
    | 'checkInRewards'
    | 'seat'
    | 'announcements'
    | 'news'
    // Customer service (issue 13, docs/support.md)
    | 'support';
  path: string;
  /** The call the screen opens with: the item shows only to roles that may make it. */
  call: StaffCallName;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { id: 'kyc', path: '/kyc', call: 'kycQueue' },
  { id: 'customers', path: '/customers', call: 'customerSearch' },
  { id: 'deposits', path: '/deposits/queue', call: 'depositsQueue' },
  { id: 'withdrawals', path: '/withdrawals/queue', call: 'withdrawalsQueue' },
  { id: 'channels', path: '/channels/list', call: 'channelsList' },
  { id: 'adjustments', path: '/ledger/adjust/list', call: 'adjustList' },
  { id: 'products', path: '/products', call: 'productsList' },
  { id: 'orders', path: '/orders', call: 'ordersSearch' },
  { id: 'block', path: '/block', call: 'blockQueue' },
  // Placements and auctions (issue 12)
  { id: 'offerings', path: '/offerings', call: 'offeringsList' },
  { id: 'institutions', path: '/institutions', call: 'institutionList' },
  { id: 'jobs', path: '/jobs', call: 'jobsList' },
  { id: 'audit', path: '/audit', call: 'auditSearch' },
  { id: 'settings', path: '/settings', call: 'settingsGet' },
  { id: 'fundSettings', path: '/fundSettings', call: 'fundSettingsGet' },
  { id: 'staff', path: '/staff', call: 'staffList' },
  // Corporate actions (docs/corporate-actions.md)
  { id: 'corporate', path: '/corporate', call: 'corporateCalendar' },
  // IPO offerings (issue 12): operators and admins (ipoOfferings is open to every role; the
  // nav shows it to those who set offerings up)
  { id: 'ipo', path: '/ipo', call: 'ipoOfferingCreate' },
  // Service (issue 13): the check-in reward catalogue and the seat-account queue
  { id: 'checkInRewards', path: '/checkInRewards', call: 'checkInRewards' },
  { id: 'seat', path: '/seat', call: 'seatQueue' },
  // Message centre (docs/messages.md)
  { id: 'announcements', path: '/announcements', call: 'announcementList' },
  // News (issue 13)
  { id: 'news', path: '/news', call: 'newsArticles' },
  // Customer service (issue 13, docs/support.md): every staff member may answer the chat
  { id: 'support', path: '/support', call: 'supportQueue' },
];

export function navFor(role: StaffRole | undefined): NavItem[] {
  return NAV_ITEMS.filter((item) => mayCall(role, item.call));
}
