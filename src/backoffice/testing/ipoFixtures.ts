import type { InferType } from 'yup';
import type {
  StaffIpoOfferingDto,
  ipoOfferingDetailResponse,
  ipoOfferingsResponse,
} from '../../../contract/schemas/ipo';
import { drawnOffering, ipoOffering, workedDraw } from '../../testing/ipoFixtures';

/** Back-office IPO answers (issue 12): a draft, and the drawn worked example with its report. */
export const staffOffering = (over: Partial<StaffIpoOfferingDto> = {}): StaffIpoOfferingDto => ({
  // A draft whose window opens next month.
  ...ipoOffering({
    phase: 'upcoming',
    opensAt: '2026-12-14T00:00:00Z',
    closesAt: '2026-12-15T07:00:00Z',
    drawAt: '2026-12-16T01:00:00Z',
    paymentDeadline: '2026-12-17T07:00:00Z',
    listingAt: '2026-12-21T00:00:00Z',
  }),
  status: 'draft',
  subscriptions: 0,
  sharesApplied: 0,
  sharesAllotted: null,
  drawnAt: null,
  createdAt: '2026-11-20T00:00:00Z',
  ...over,
});

export const drawnStaffOffering = (): StaffIpoOfferingDto => ({
  ...drawnOffering(),
  status: 'published',
  subscriptions: 7,
  sharesApplied: 305,
  sharesAllotted: 20,
  drawnAt: '2026-11-28T01:00:00Z',
  createdAt: '2026-11-10T00:00:00Z',
});

export const staffOfferings = (
  rows: StaffIpoOfferingDto[] = [staffOffering(), drawnStaffOffering()],
): InferType<typeof ipoOfferingsResponse> => ({ rows, page: 1, pageSize: 20, total: rows.length });

export const staffOfferingDetail = (
  over: Partial<InferType<typeof ipoOfferingDetailResponse>> = {},
): InferType<typeof ipoOfferingDetailResponse> => ({
  offering: drawnStaffOffering(),
  byState: [
    { state: 'won.pendingPayment', count: 6 },
    { state: 'notWon', count: 1 },
  ],
  draw: workedDraw([]),
  ...over,
});
