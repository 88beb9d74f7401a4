import type { CallCatalogue, CallSpec } from './call-spec';
import { emptyRequest } from './schemas/user';
import * as jobs from './schemas/jobs';
import * as fs from './schemas/funds-staff';
import * as s from './schemas/staff';
import * as tr from './schemas/trade';
import * as corp from './schemas/corporate';
import * as msg from './schemas/messages';
import * as nw from './schemas/news';
import * as pl from './schemas/placement';
import * as ipo from './schemas/ipo';
import * as service from './schemas/service';
import * as support from './schemas/support';

/** The back office lives under its own base path, with its own sessions (header STAFF_TOKEN_HEADER). */
export const STAFF_API_BASE = '/api/staff';
export const STAFF_TOKEN_HEADER = 'staff-token';

const REVIEW = { staff: ['reviewer', 'admin'] } as const;
const OPERATE = { staff: ['operator', 'admin'] } as const;
const ADMIN = { staff: ['admin'] } as const;
/** Withdrawals: reviewers decide, operators pay the approved ones, so both read the queue. */
const REVIEW_OR_PAY = { staff: ['reviewer', 'operator', 'admin'] } as const;
/** Block trades: reviewers decide applications, operators list offerings, so both read the desk. */
const REVIEW_OR_LIST = { staff: ['reviewer', 'operator', 'admin'] } as const;
/** A half session after the password, before the TOTP code. */
const PENDING = { staff: 'pending' } as const;
/** Any signed-in staff member. */
const ANY = { staff: 'any' } as const;

/**
 * Every back-office call. Each call made with a staff session is audit-logged (staff member,
 * call name, entity, IP and user agent) in the same transaction as what it did.
 */
export const STAFF_CALLS = {
  login: {
    path: '/auth/login',
    access: 'public',
    summary: 'Password step of sign-in; answers a half session for the TOTP step',
    request: s.staffLoginRequest,
    response: s.staffLoginResponse,
  },
  enrol: {
    path: '/auth/enrol',
    access: PENDING,
    summary: 'Start TOTP enrolment: otpauth URI and its QR code (SVG)',
    request: emptyRequest,
    response: s.staffEnrolResponse,
  },
  verify: {
    path: '/auth/verify',
    access: PENDING,
    summary: 'TOTP step of sign-in (also confirms enrolment); the session becomes full',
    request: s.staffVerifyRequest,
    response: s.staffMeResponse,
  },
  logout: {
    path: '/auth/logout',
    access: ANY,
    summary: 'End the staff session',
    request: emptyRequest,
    response: null,
  },
  me: {
    path: '/auth/me',
    access: ANY,
    summary: 'The signed-in staff member',
    request: emptyRequest,
    response: s.staffMeResponse,
  },
  changePassword: {
    path: '/auth/changePassword',
    access: ANY,
    summary: 'Change the staff password (required after a one-time password)',
    request: s.staffChangePasswordRequest,
    response: null,
  },
  staffCreate: {
    path: '/staff/create',
    access: ADMIN,
    summary: 'Create a staff account with a one-time password',
    request: s.staffCreateRequest,
    response: s.staffCreateResponse,
  },
  staffList: {
    path: '/staff/list',
    access: ADMIN,
    summary: 'Staff accounts',
    request: s.pagingRequest,
    response: s.staffListResponse,
  },
  kycQueue: {
    path: '/kyc/queue',
    access: REVIEW,
    summary: 'Real-name verifications by state, oldest submission first',
    request: s.kycQueueRequest,
    response: s.kycQueueResponse,
  },
  kycDetail: {
    path: '/kyc/detail',
    access: REVIEW,
    summary: 'One verification with its photos (each view is audit-logged)',
    request: s.customerIdRequest,
    response: s.kycDetailResponse,
  },
  kycApprove: {
    path: '/kyc/approve',
    access: REVIEW,
    summary: 'Approve a verification under review',
    request: s.kycApproveRequest,
    response: s.kycDecisionResponse,
  },
  kycReject: {
    path: '/kyc/reject',
    access: REVIEW,
    summary: 'Reject a verification under review with a reason the customer sees',
    request: s.kycRejectRequest,
    response: s.kycDecisionResponse,
  },
  customerSearch: {
    path: '/customers/search',
    access: OPERATE,
    summary: 'Customers by account, account ID or real name',
    request: s.customerSearchRequest,
    response: s.customerSearchResponse,
  },
  customerDetail: {
    path: '/customers/detail',
    access: OPERATE,
    summary: 'One customer with the history of account-state changes',
    request: s.customerIdRequest,
    response: s.customerDetailResponse,
  },
  customerSetState: {
    path: '/customers/setState',
    access: OPERATE,
    summary: 'Set or clear frozen, disabled, login banned, trading or withdrawal barred',
    request: s.customerSetStateRequest,
    response: s.customerDetailResponse,
  },
  entityView: {
    path: '/entities/view',
    access: ANY,
    summary: 'A lifecycle entity: state, state chart with the path taken, transitions',
    request: s.entityViewRequest,
    response: s.entityViewResponse,
  },
  auditSearch: {
    path: '/audit/search',
    access: ADMIN,
    summary: 'The audit log of staff actions, newest first',
    request: s.auditSearchRequest,
    response: s.auditSearchResponse,
  },
  institutionCreate: {
    path: '/institutions/create',
    access: ADMIN,
    summary: 'Create an institution (invitation code)',
    request: s.institutionCreateRequest,
    response: s.institutionResponse,
  },
  institutionDisable: {
    path: '/institutions/disable',
    access: ADMIN,
    summary: 'Disable an institution code: no new registrations with it',
    request: s.institutionDisableRequest,
    response: s.institutionResponse,
  },
  institutionList: {
    path: '/institutions/list',
    access: OPERATE,
    summary: 'Institutions with the number of customers each registered',
    request: s.pagingRequest,
    response: s.institutionListResponse,
  },
  institutionCustomers: {
    path: '/institutions/customers',
    access: OPERATE,
    summary: 'Customers who registered with an institution',
    request: s.institutionCustomersRequest,
    response: s.customerSearchResponse,
  },
  jobsList: {
    path: '/jobs/list',
    access: OPERATE,
    summary: 'Lifecycle jobs (clock events): failed first, then pending by due time, then the rest',
    request: jobs.jobsListRequest,
    response: jobs.jobsListResponse,
  },
  jobsRetry: {
    path: '/jobs/retry',
    access: OPERATE,
    summary: 'Put a failed or skipped job back to pending, due now',
    request: jobs.jobsRetryRequest,
    response: jobs.jobsRetryResponse,
  },
  settingsGet: {
    path: '/settings/get',
    access: ADMIN,
    summary: 'Every run-time setting with its value and default',
    request: emptyRequest,
    response: jobs.settingsGetResponse,
  },
  settingsSet: {
    path: '/settings/set',
    access: ADMIN,
    summary: 'Change a run-time setting (checked per key)',
    request: jobs.settingsSetRequest,
    response: jobs.settingsSetResponse,
  },
  // Money (docs/money.md). Four eyes: above `fund.fourEyesAbove` a withdrawal needs two
  // different approvers; channels and manual adjustments are proposed by one staff member and
  // decided by another.
  depositsQueue: {
    path: '/deposits/queue',
    access: REVIEW,
    summary: 'Deposits by state, oldest first, with the overdue flag',
    request: fs.fundQueueRequest,
    response: fs.fundQueueResponse,
  },
  depositsDetail: {
    path: '/deposits/detail',
    access: REVIEW,
    summary: "A deposit's case: the voucher, the customer's recent fund orders",
    request: fs.fundOrderStaffIdRequest,
    response: fs.fundCaseResponse,
  },
  depositsApprove: {
    path: '/deposits/approve',
    access: REVIEW,
    summary: 'Credit a deposit after checking the transfer',
    request: fs.fundApproveRequest,
    response: fs.fundDecisionResponse,
  },
  depositsReject: {
    path: '/deposits/reject',
    access: REVIEW,
    summary: 'Reject a deposit with a reason the customer reads',
    request: fs.fundRejectRequest,
    response: fs.fundDecisionResponse,
  },
  withdrawalsQueue: {
    path: '/withdrawals/queue',
    access: REVIEW_OR_PAY,
    summary: 'Withdrawals by state, oldest first, with approvals and the overdue flag',
    request: fs.fundQueueRequest,
    response: fs.fundQueueResponse,
  },
  withdrawalsDetail: {
    path: '/withdrawals/detail',
    access: REVIEW_OR_PAY,
    summary: "A withdrawal's case: destination, approvals, the customer's recent fund orders",
    request: fs.fundOrderStaffIdRequest,
    response: fs.fundCaseResponse,
  },
  withdrawalsApprove: {
    path: '/withdrawals/approve',
    access: REVIEW,
    summary: 'Approve a withdrawal (a second, different approver above the threshold)',
    request: fs.fundApproveRequest,
    response: fs.fundDecisionResponse,
  },
  withdrawalsReject: {
    path: '/withdrawals/reject',
    access: REVIEW,
    summary: 'Reject a withdrawal with a reason; the held amount is released',
    request: fs.fundRejectRequest,
    response: fs.fundDecisionResponse,
  },
  withdrawalsPaid: {
    path: '/withdrawals/paid',
    access: OPERATE,
    summary: "Record an approved withdrawal as paid, with the bank's reference",
    request: fs.withdrawalPaidRequest,
    response: fs.fundDecisionResponse,
  },
  channelsList: {
    path: '/channels/list',
    access: OPERATE,
    summary: 'Receiving accounts and the proposals to change them',
    request: emptyRequest,
    response: fs.channelListResponse,
  },
  channelsPropose: {
    path: '/channels/propose',
    access: OPERATE,
    summary: 'Propose adding or removing a receiving account (another staff member decides)',
    request: fs.channelProposeRequest,
    response: fs.channelProposal,
  },
  channelsApprove: {
    path: '/channels/approve',
    access: OPERATE,
    summary: "Approve or reject another staff member's channel proposal",
    request: fs.proposalDecisionRequest,
    response: fs.channelProposal,
  },
  adjustList: {
    path: '/ledger/adjust/list',
    access: OPERATE,
    summary: 'Manual balance adjustments by state',
    request: fs.adjustListRequest,
    response: fs.adjustListResponse,
  },
  adjustPropose: {
    path: '/ledger/adjust/propose',
    access: OPERATE,
    summary: "Propose a manual adjustment of a customer's balance, with a reason",
    request: fs.adjustProposeRequest,
    response: fs.adjustmentItem,
  },
  adjustApprove: {
    path: '/ledger/adjust/approve',
    access: OPERATE,
    summary: "Approve (posting the journal entry) or reject another staff member's adjustment",
    request: fs.proposalDecisionRequest,
    response: fs.adjustmentItem,
  },
  fundSettingsGet: {
    path: '/fundSettings/get',
    access: OPERATE,
    summary: 'Money settings: limits, windows, thresholds, spread',
    request: emptyRequest,
    response: jobs.settingsGetResponse,
  },
  fundSettingsSet: {
    path: '/fundSettings/set',
    access: ADMIN,
    summary: 'Change one money setting (audited)',
    request: jobs.fundSettingsSetRequest,
    response: jobs.settingsSetResponse,
  },
  // Trading (docs/trading.md): staff read orders but never fill, cancel or re-price them.
  productsList: {
    path: '/products/list',
    access: ANY,
    summary: "The trading products' terms",
    request: emptyRequest,
    response: tr.productsListResponse,
  },
  productsSet: {
    path: '/products/set',
    access: OPERATE,
    summary: "Change a product's terms (audited); open orders keep the terms they were placed on",
    request: tr.productsSetRequest,
    response: tr.tradeProduct,
  },
  ordersSearch: {
    path: '/orders/search',
    access: ANY,
    summary: "Customers' orders and positions by account, order number or symbol (read-only)",
    request: tr.ordersSearchRequest,
    response: tr.ordersSearchResponse,
  },
  ordersDetail: {
    path: '/orders/detail',
    access: ANY,
    summary: 'One order with its history (read-only)',
    request: tr.orderIdRequest,
    response: tr.orderDetailResponse,
  },
  blockCreate: {
    path: '/block/create',
    access: OPERATE,
    summary: 'List a block-trade offering: symbol, price, minimum shares, window',
    request: tr.blockCreateRequest,
    response: tr.blockOffering,
  },
  blockQueue: {
    path: '/block/queue',
    access: REVIEW_OR_LIST,
    summary: 'Block-trade applications waiting for a decision, and the offerings',
    request: emptyRequest,
    response: tr.blockQueueResponse,
  },
  blockApprove: {
    path: '/block/approve',
    access: REVIEW,
    summary: 'Approve an application: it becomes a position at the offering price',
    request: tr.blockApproveRequest,
    response: tr.blockQueueResponse,
  },
  blockReject: {
    path: '/block/reject',
    access: REVIEW,
    summary: 'Reject an application with the reason the customer reads; the amount is released',
    request: tr.blockRejectRequest,
    response: tr.blockQueueResponse,
  },
  // Corporate actions: the calendar (docs/corporate-actions.md)
  corporateCalendar: {
    path: '/corporate/calendar',
    access: REVIEW_OR_LIST,
    summary: 'The corporate-action calendar: dividends and rights issues, newest record date first',
    request: corp.corporateCalendarRequest,
    response: corp.corporateCalendarResponse,
  },
  corporateCreate: {
    path: '/corporate/create',
    access: OPERATE,
    summary:
      'Announce a dividend or rights issue: symbol, record date, payment (listing) date and terms',
    request: corp.corporateCreateRequest,
    response: corp.corporateAction,
  },
  corporateEdit: {
    path: '/corporate/edit',
    access: OPERATE,
    summary: 'Change an announced action before its record date (dates and terms)',
    request: corp.corporateEditRequest,
    response: corp.corporateAction,
  },
  corporateCancel: {
    path: '/corporate/cancel',
    access: OPERATE,
    summary:
      'Withdraw an action before it is paid (a rights issue: before its window closes) with a reason; waiting applications lapse',
    request: corp.corporateCancelRequest,
    response: corp.corporateAction,
  },
  corporateApplications: {
    path: '/corporate/applications',
    access: REVIEW_OR_LIST,
    summary: "A rights issue's applications",
    request: corp.corporateApplicationsRequest,
    response: corp.corporateApplicationsResponse,
  },
  corporateRefuse: {
    path: '/corporate/refuse',
    access: REVIEW,
    summary:
      'Refuse a waiting rights application with the reason the customer reads; the hold is released',
    request: corp.corporateRefuseRequest,
    response: corp.corporateApplicationsResponse,
  },
  // Message centre: announcements (docs/messages.md)
  announcementSend: {
    path: '/announcement/send',
    access: OPERATE,
    summary:
      'Send an announcement to every customer, an institution or a list of accounts; each gets it in the message centre',
    request: msg.announcementSendRequest,
    response: msg.announcementItem,
  },
  announcementList: {
    path: '/announcement/list',
    access: OPERATE,
    summary: 'Announcements sent, newest first, with how many customers they reached and read them',
    request: s.pagingRequest,
    response: msg.announcementListResponse,
  },
  // News (issue 13, docs/news.md): operators write, schedule, publish and withdraw articles.
  newsArticles: {
    path: '/news/list',
    access: OPERATE,
    summary: 'Articles by state, newest first, staff-written, system and samples alike',
    request: nw.newsStaffListRequest,
    response: nw.newsStaffListResponse,
  },
  newsArticle: {
    path: '/news/detail',
    access: OPERATE,
    summary: 'One article with every language version, for the editor',
    request: nw.newsIdRequest,
    response: nw.newsStaffDetailResponse,
  },
  newsSave: {
    path: '/news/save',
    access: OPERATE,
    summary:
      'Create a draft or change an article: language versions (bodies sanitised), tags, stocks, hot flag, cover',
    request: nw.newsSaveRequest,
    response: nw.newsStaffDetailResponse,
  },
  newsPublish: {
    path: '/news/publish',
    access: OPERATE,
    summary: 'Publish a draft or a scheduled article now',
    request: nw.newsDecisionRequest,
    response: nw.newsStaffDetailResponse,
  },
  newsSchedule: {
    path: '/news/schedule',
    access: OPERATE,
    summary: 'Schedule a draft for publication at a future time (a clock job publishes it)',
    request: nw.newsScheduleRequest,
    response: nw.newsStaffDetailResponse,
  },
  newsUnschedule: {
    path: '/news/unschedule',
    access: OPERATE,
    summary: 'Take a scheduled article back to draft',
    request: nw.newsDecisionRequest,
    response: nw.newsStaffDetailResponse,
  },
  newsWithdraw: {
    path: '/news/withdraw',
    access: OPERATE,
    summary: 'Withdraw a published article from the customer list, with a reason',
    request: nw.newsWithdrawRequest,
    response: nw.newsStaffDetailResponse,
  },
  newsImage: {
    path: '/news/image',
    access: OPERATE,
    summary:
      'Upload a cover or body image (base64 JPEG or PNG, at most 2 MB), re-encoded by the upload pipeline',
    request: nw.newsImageRequest,
    response: nw.newsImageResponse,
  },
  // Placements and auctions (issue 12, docs/placements.md): operators set them up; nobody
  // chooses who gets shares (the close computes it by the published rule).
  offeringsList: {
    path: '/offerings/list',
    access: ANY,
    summary: 'Placements and auctions with their states and how many applied or bid',
    request: emptyRequest,
    response: pl.staffOfferingsResponse,
  },
  placementSave: {
    path: '/offerings/placement/save',
    access: OPERATE,
    summary: 'Create a placement (no id) or edit a draft one: symbol, price, shares, tiers, window',
    request: pl.placementSaveRequest,
    response: pl.staffOfferingsResponse,
  },
  placementPublish: {
    path: '/offerings/placement/publish',
    access: OPERATE,
    summary: 'Publish a draft placement: no more edits; the clock opens and closes it',
    request: pl.publishRequest,
    response: pl.staffOfferingsResponse,
  },
  auctionSave: {
    path: '/offerings/auction/save',
    access: OPERATE,
    summary: 'Create an auction (no id) or edit a draft one: symbol, shares, reserve, window',
    request: pl.auctionSaveRequest,
    response: pl.staffOfferingsResponse,
  },
  auctionPublish: {
    path: '/offerings/auction/publish',
    access: OPERATE,
    summary: 'Publish a draft auction: no more edits; the clock opens and closes it',
    request: pl.publishRequest,
    response: pl.staffOfferingsResponse,
  },
  // IPO offerings (issue 12): staff set them up; the draw is a job, nobody chooses winners
  ipoOfferings: {
    path: '/ipo/offerings',
    access: ANY,
    summary: 'IPO offerings with their state, totals and draw, newest first',
    request: ipo.ipoOfferingsRequest,
    response: ipo.ipoOfferingsResponse,
  },
  ipoOfferingDetail: {
    path: '/ipo/offering',
    access: ANY,
    summary: "One offering: subscriptions by state and the draw's report",
    request: ipo.ipoIdRequest,
    response: ipo.ipoOfferingDetailResponse,
  },
  ipoOfferingCreate: {
    path: '/ipo/create',
    access: OPERATE,
    summary: 'Create an IPO offering as a draft: terms and schedule',
    request: ipo.ipoOfferingCreateRequest,
    response: ipo.staffIpoOffering,
  },
  ipoOfferingUpdate: {
    path: '/ipo/update',
    access: OPERATE,
    summary: 'Edit an offering before its window opens',
    request: ipo.ipoOfferingUpdateRequest,
    response: ipo.staffIpoOffering,
  },
  ipoOfferingPublish: {
    path: '/ipo/publish',
    access: OPERATE,
    summary: "Publish a draft: customers see it and the draw seed's hash is fixed",
    request: ipo.ipoIdRequest,
    response: ipo.staffIpoOffering,
  },
  // Service (issue 13, docs/service.md): the check-in reward catalogue and seat accounts
  checkInRewards: {
    path: '/signin/rewards',
    access: ANY,
    summary: 'The check-in reward catalogue, with how often each was taken',
    request: emptyRequest,
    response: service.checkInRewardsResponse,
  },
  checkInRewardCreate: {
    path: '/signin/rewards/create',
    access: OPERATE,
    summary: 'Add a reward to the check-in catalogue',
    request: service.checkInRewardCreateRequest,
    response: service.checkInRewardsResponse,
  },
  checkInRewardUpdate: {
    path: '/signin/rewards/update',
    access: OPERATE,
    summary: "Change a reward's title, the check-ins it needs, or take it off the catalogue",
    request: service.checkInRewardUpdateRequest,
    response: service.checkInRewardsResponse,
  },
  seatQueue: {
    path: '/seat/queue',
    access: REVIEW,
    summary: 'Seat-account applications under review, and the seat commission',
    request: emptyRequest,
    response: service.seatQueueResponse,
  },
  seatApprove: {
    path: '/seat/approve',
    access: REVIEW,
    summary: "Approve a seat-account application: the customer's orders pay the seat commission",
    request: service.seatApproveRequest,
    response: service.seatQueueResponse,
  },
  seatReject: {
    path: '/seat/reject',
    access: REVIEW,
    summary: 'Reject a seat-account application with the reason the customer reads',
    request: service.seatRejectRequest,
    response: service.seatQueueResponse,
  },
  // Customer service (issue 13, docs/support.md): every staff member may answer the chat;
  // canned replies are kept by operators.
  supportQueue: {
    path: '/support/queue',
    access: ANY,
    summary: 'The chat queue: waiting and reopened conversations, mine, others, lately closed',
    request: emptyRequest,
    response: support.supportQueueResponse,
  },
  supportShift: {
    path: '/support/shift',
    access: ANY,
    summary: "Go on or off shift; off shift hands the caller's conversations back to the queue",
    request: support.supportShiftRequest,
    response: support.supportQueueResponse,
  },
  supportConversation: {
    path: '/support/conversation',
    access: ANY,
    summary: "A conversation, a page of its messages and the customer's account summary",
    request: support.supportConversationRequest,
    response: support.supportConversationDetail,
  },
  supportTake: {
    path: '/support/take',
    access: ANY,
    summary: 'Take a waiting or reopened conversation (the caller must be on shift)',
    request: support.supportDecisionRequest,
    response: support.supportConversationDetail,
  },
  supportAssign: {
    path: '/support/assign',
    access: ANY,
    summary: 'Assign a waiting or reopened conversation to an agent on shift',
    request: support.supportAssignRequest,
    response: support.supportConversationDetail,
  },
  supportRelease: {
    path: '/support/release',
    access: ANY,
    summary: 'Hand an assigned conversation back to the queue',
    request: support.supportDecisionRequest,
    response: support.supportConversationDetail,
  },
  supportClose: {
    path: '/support/close',
    access: ANY,
    summary: 'Close a conversation (the customer writing again reopens it)',
    request: support.supportDecisionRequest,
    response: support.supportConversationDetail,
  },
  supportReply: {
    path: '/support/reply',
    access: ANY,
    summary: 'Answer in a conversation assigned to the caller',
    request: support.supportReplyRequest,
    response: support.supportConversationDetail,
  },
  supportStaffRead: {
    path: '/support/read',
    access: ANY,
    summary: "Mark the customer's messages read up to an id (the customer sees the read receipt)",
    request: support.supportStaffReadRequest,
    response: null,
  },
  supportStaffImage: {
    path: '/support/image',
    access: ANY,
    summary: 'An image of a conversation as a data: URL',
    request: support.supportImageDataRequest,
    response: support.supportImageDataResponse,
  },
  supportCanned: {
    path: '/support/canned',
    access: ANY,
    summary: 'The canned replies agents pick from',
    request: emptyRequest,
    response: support.cannedRepliesResponse,
  },
  supportCannedCreate: {
    path: '/support/canned/create',
    access: OPERATE,
    summary: 'Add a canned reply',
    request: support.cannedCreateRequest,
    response: support.cannedRepliesResponse,
  },
  supportCannedUpdate: {
    path: '/support/canned/update',
    access: OPERATE,
    summary: "Change a canned reply's title or text",
    request: support.cannedUpdateRequest,
    response: support.cannedRepliesResponse,
  },
  supportCannedDelete: {
    path: '/support/canned/delete',
    access: OPERATE,
    summary: 'Remove a canned reply',
    request: support.cannedDeleteRequest,
    response: support.cannedRepliesResponse,
  },
} as const satisfies Record<string, CallSpec>;

export type StaffCallName = keyof typeof STAFF_CALLS;

/** The back office: STAFF_CALLS under STAFF_API_BASE. */
export const STAFF_API = {
  base: STAFF_API_BASE,
  tag: 'staff',
  operationPrefix: 'staff.',
  calls: STAFF_CALLS,
} as const satisfies CallCatalogue<typeof STAFF_CALLS>;
