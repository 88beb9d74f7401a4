import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { navFor } from './roles';
import { staffSession } from './session';
import {
  backend,
  ok,
  refuse,
  renderAt,
  resetBackoffice,
  sentTo,
  signIn,
  startBackoffice,
} from './testing/harness';

/** What /kyc/detail answers for a case in `state`; `accepts` as the server computes it. */
const detail = (state: string, version: number, accepts: string[] = acceptsOf(state)) => ({
  customerId: 7,
  account: 'hong',
  state,
  version,
  accepts,
  submissions: 1,
  rejectionReason: null,
  realName: '홍길동',
  idNumber: '900101-1',
  front: { photoId: 'f', mime: 'image/jpeg', data: 'AAAA' },
  back: { photoId: 'b', mime: 'image/jpeg', data: 'BBBB' },
});

function acceptsOf(state: string): string[] {
  if (state.startsWith('under_review.waiting'))
    return ['review.approve', 'review.reject', 'review.overdue'];
  if (state.startsWith('under_review')) return ['review.approve', 'review.reject'];
  return state === 'passed' ? [] : ['kyc.submit'];
}

beforeAll(startBackoffice);
beforeEach(resetBackoffice);

describe('role-based navigation', () => {
  it('follows the contract: reviewers review, operators operate, admins see everything', () => {
    expect(navFor('reviewer').map((i) => i.id)).toEqual([
      'kyc',
      'deposits',
      'withdrawals',
      'products',
      'orders',
      'block',
      'offerings',
      'corporate',
      // Service (issue 13): everyone reads the reward catalogue; reviewers decide seat accounts.
      'checkInRewards',
      'seat',
      // Customer service (issue 13): every staff member may answer the chat.
      'support',
    ]);
    // Everyone reads products and orders; operators list block trades, reviewers decide them.
    // Operators pay approved withdrawals, so they see that queue too (not the deposits).
    expect(navFor('operator').map((i) => i.id)).toEqual([
      'customers',
      'withdrawals',
      'channels',
      'adjustments',
      'products',
      'orders',
      'block',
      'offerings',
      'institutions',
      'jobs',
      'fundSettings',
      'corporate',
      'ipo',
      'checkInRewards',
      'announcements',
      // News (issue 13): operators write and publish articles.
      'news',
      'support',
    ]);
    expect(navFor('admin').map((i) => i.id)).toEqual([
      'kyc',
      'customers',
      'deposits',
      'withdrawals',
      'channels',
      'adjustments',
      'products',
      'orders',
      'block',
      'offerings',
      'institutions',
      'jobs',
      'audit',
      'settings',
      'fundSettings',
      'staff',
      'corporate',
      'ipo',
      'checkInRewards',
      'seat',
      'announcements',
      'news',
      'support',
    ]);
    expect(navFor(undefined)).toEqual([]);
  });

  it('shows an operator only their items and opens their first screen', async () => {
    signIn('operator');
    backend.handlers['/customers/search'] = () =>
      ok({ items: [], page: 1, pageSize: 20, total: 0 });
    const router = renderAt('/');
    await screen.findByTestId('nav-customers');
    expect(screen.getByTestId('nav-institutions')).toBeTruthy();
    expect(screen.getByTestId('nav-jobs')).toBeTruthy();
    for (const hidden of ['nav-kyc', 'nav-deposits', 'nav-audit', 'nav-settings', 'nav-staff']) {
      expect(screen.queryByTestId(hidden)).toBeNull();
    }
    expect(router.state.location.pathname).toBe('/customers');
  });

  it('sends a signed-out visitor to the sign-in screen', async () => {
    renderAt('/kyc');
    await screen.findByTestId('staff-account');
  });
});

describe('the review detail', () => {
  it('shows a button for each decision the case accepts, never the clock event', async () => {
    signIn('reviewer');
    backend.handlers['/kyc/detail'] = () => ok(detail('under_review.waiting', 3));
    renderAt('/kyc/7');
    const decisions = await screen.findByTestId('kyc-decisions');
    expect(
      within(decisions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Approve', 'Reject']);
    expect(screen.getAllByTestId('kyc-photo')).toHaveLength(2);
  });

  it('shows no decision when the case accepts none (by accepts, whatever the state)', async () => {
    signIn('reviewer');
    backend.handlers['/kyc/detail'] = () => ok(detail('under_review.waiting', 3, []));
    renderAt('/kyc/7');
    await screen.findByTestId('kyc-no-decision');
    expect(screen.queryByTestId('kyc-approve')).toBeNull();
    expect(screen.queryByTestId('kyc-reject')).toBeNull();
  });

  it('flags an overdue case', async () => {
    signIn('reviewer');
    backend.handlers['/kyc/detail'] = () => ok(detail('under_review.overdue', 3));
    renderAt('/kyc/7');
    expect((await screen.findByTestId('kyc-detail-overdue')).textContent).toBe('Review overdue');
    expect(screen.getByTestId('kyc-state-badge').textContent).toBe('Under review');
  });

  it('approves after a confirmation, with the version seen, and shows the new state', async () => {
    signIn('reviewer');
    let state = 'under_review.waiting';
    backend.handlers['/kyc/detail'] = () => ok(detail(state, state === 'passed' ? 4 : 3));
    backend.handlers['/kyc/approve'] = () => {
      state = 'passed';
      return ok({ state, version: 4, accepts: [] });
    };
    renderAt('/kyc/7');
    fireEvent.click(await screen.findByTestId('kyc-approve'));
    // The confirmation sheet: nothing is sent until it is confirmed; no reason is asked.
    const sheet = await screen.findByTestId('decision-sheet');
    expect(sheet.getAttribute('data-decision')).toBe('review.approve');
    expect(within(sheet).getByText('Approve the verification')).toBeTruthy();
    expect(within(sheet).queryByRole('textbox')).toBeNull();
    expect(sentTo('/kyc/approve')).toHaveLength(0);
    // Cancel closes it without a call; the buttons are free again.
    fireEvent.click(within(sheet).getByText('Cancel'));
    await waitFor(() => expect(screen.queryByTestId('decision-sheet')).toBeNull());
    expect(sentTo('/kyc/approve')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('kyc-approve'));
    fireEvent.click(await screen.findByTestId('approve-confirm'));
    await waitFor(() =>
      expect(screen.getByTestId('kyc-detail-state').getAttribute('data-state')).toBe('passed'),
    );
    expect(sentTo('/kyc/approve')).toEqual([{ customerId: 7, version: 3 }]);
    expect(backend.sent.find((s) => s.path === '/kyc/approve')?.token).toBe('tok');
    expect(backend.notify).not.toHaveBeenCalled();
    expect(screen.queryByTestId('kyc-approve')).toBeNull();
    expect(screen.getByTestId('kyc-no-decision')).toBeTruthy();
  });

  it('shows the decision submitting: the confirm button busy, the decisions disabled', async () => {
    signIn('reviewer');
    backend.handlers['/kyc/detail'] = () => ok(detail('under_review.waiting', 3));
    let release: () => void = () => undefined;
    backend.handlers['/kyc/approve'] = () =>
      new Promise((resolve) => {
        release = () => resolve(ok({ state: 'passed', version: 4, accepts: [] }));
      });
    renderAt('/kyc/7');
    fireEvent.click(await screen.findByTestId('kyc-approve'));
    const confirm = await screen.findByTestId('approve-confirm');
    fireEvent.click(confirm);
    await waitFor(() => expect(confirm.hasAttribute('data-loading')).toBe(true));
    expect(screen.getByTestId<HTMLButtonElement>('kyc-reject').disabled).toBe(true);
    expect(screen.getByTestId('decision-sheet')).toBeTruthy();
    release();
    await waitFor(() => expect(screen.queryByTestId('decision-sheet')).toBeNull());
  });

  it('asks for a reason before rejecting, and sends it', async () => {
    signIn('reviewer');
    let state = 'under_review.waiting';
    backend.handlers['/kyc/detail'] = () => ok(detail(state, 3));
    backend.handlers['/kyc/reject'] = () => {
      state = 'rejected';
      return ok({ state, version: 4, accepts: ['kyc.submit'] });
    };
    renderAt('/kyc/7');
    fireEvent.click(await screen.findByTestId('kyc-reject'));
    fireEvent.click(await screen.findByTestId('reject-confirm'));
    await screen.findByText('Please enter a reason.');
    expect(sentTo('/kyc/reject')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('reject-reason'), {
      target: { value: 'Blurred photo' },
    });
    act(() => {
      fireEvent.click(screen.getByTestId('reject-confirm'));
    });
    await waitFor(() =>
      expect(screen.getByTestId('kyc-detail-state').getAttribute('data-state')).toBe('rejected'),
    );
    expect(sentTo('/kyc/reject')).toEqual([{ customerId: 7, version: 3, reason: 'Blurred photo' }]);
    expect(screen.queryByTestId('decision-sheet')).toBeNull();
  });

  it('keeps the sheet open with the refusal when a decision is refused for another reason', async () => {
    signIn('reviewer');
    backend.handlers['/kyc/detail'] = () => ok(detail('under_review.waiting', 3));
    backend.handlers['/kyc/reject'] = () => refuse(400, 'kyc.reason_required');
    renderAt('/kyc/7');
    fireEvent.click(await screen.findByTestId('kyc-reject'));
    fireEvent.change(await screen.findByTestId('reject-reason'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('reject-confirm'));
    expect((await screen.findByTestId('decision-refused')).textContent).toContain(
      'Please give the reason the customer will see.',
    );
    expect(screen.getByTestId('decision-sheet')).toBeTruthy();
    expect(screen.queryByTestId('kyc-conflict')).toBeNull();
    // Fixing the reason and confirming again sends it again.
    backend.handlers['/kyc/reject'] = () => ok({ state: 'rejected', version: 4, accepts: [] });
    fireEvent.change(screen.getByTestId('reject-reason'), { target: { value: 'Blurred photo' } });
    expect(screen.queryByTestId('decision-refused')).toBeNull();
    fireEvent.click(screen.getByTestId('reject-confirm'));
    await waitFor(() => expect(sentTo('/kyc/reject')).toHaveLength(2));
    expect(sentTo('/kyc/reject')[1]).toMatchObject({ reason: 'Blurred photo' });
  });

  it('shows a conflict clearly, toasts the server text, and reloads the case', async () => {
    signIn('reviewer');
    let detailCalls = 0;
    backend.handlers['/kyc/detail'] = () => {
      detailCalls += 1;
      return ok(detail(detailCalls === 1 ? 'under_review.waiting' : 'rejected', detailCalls + 2));
    };
    backend.handlers['/kyc/approve'] = () =>
      refuse(409, 'lifecycle.conflict', 'Changed meanwhile.');
    renderAt('/kyc/7');
    fireEvent.click(await screen.findByTestId('kyc-approve'));
    fireEvent.click(await screen.findByTestId('approve-confirm'));
    await screen.findByTestId('kyc-conflict');
    expect(backend.notify).toHaveBeenCalledWith('Changed meanwhile.');
    expect(screen.queryByTestId('decision-sheet')).toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>('kyc-approve').disabled).toBe(true);
    fireEvent.click(screen.getByTestId('kyc-conflict-reload'));
    await waitFor(() =>
      expect(screen.getByTestId('kyc-detail-state').getAttribute('data-state')).toBe('rejected'),
    );
    expect(screen.queryByTestId('kyc-conflict')).toBeNull();
  });

  it('treats a case no longer under review as a conflict too', async () => {
    signIn('reviewer');
    backend.handlers['/kyc/detail'] = () => ok(detail('under_review.waiting', 3));
    backend.handlers['/kyc/approve'] = () => refuse(409, 'kyc.not_under_review');
    renderAt('/kyc/7');
    fireEvent.click(await screen.findByTestId('kyc-approve'));
    fireEvent.click(await screen.findByTestId('approve-confirm'));
    await screen.findByTestId('kyc-conflict');
  });

  it('goes back to sign-in when the session has died (401)', async () => {
    signIn('reviewer');
    backend.handlers['/kyc/detail'] = () => refuse(401, 'auth.required', 'Please sign in.');
    renderAt('/kyc/7');
    await screen.findByTestId('staff-account');
    expect(staffSession.get().token).toBeNull();
  });
});

const job = (id: number, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  entityType: 'kyc',
  entityId: String(id + 100),
  event: 'review.overdue',
  dueAt: '2026-03-03T00:00:00.000Z',
  runAt: '2026-03-03T00:00:00.000Z',
  status,
  due: false,
  attempts: 0,
  lastError: null,
  createdAt: '2026-03-02T00:00:00.000Z',
  updatedAt: '2026-03-02T00:00:00.000Z',
  finishedAt: null,
  ...extra,
});

describe('the jobs screen', () => {
  it('lists jobs with their entity, event words, status and error, and retries a failed one', async () => {
    signIn('operator');
    let retried = false;
    backend.handlers['/jobs/list'] = () =>
      ok({
        items: retried
          ? [job(1, 'pending', { due: true })]
          : [
              job(1, 'failed', { attempts: 5, lastError: 'Error: the message centre is down' }),
              job(2, 'skipped', { lastError: 'kyc.not_under_review' }),
              job(3, 'done'),
            ],
        page: 1,
        pageSize: 20,
        total: retried ? 1 : 3,
      });
    backend.handlers['/jobs/retry'] = (body) => {
      retried = true;
      return ok(job(Number(body.id), 'pending', { due: true }));
    };
    renderAt('/jobs');
    const failedRow = await screen.findByTestId('job-row-1');
    expect(failedRow.textContent).toContain('Review overdue');
    expect(failedRow.textContent).toContain('the message centre is down');
    expect(screen.getByTestId('job-entity-1').getAttribute('href')).toBe('/entities/kyc/101');
    expect(screen.getByTestId('job-status-1').getAttribute('data-status')).toBe('failed');
    // A refusal code reads in words, with the code beside them.
    expect(screen.getByTestId('job-row-2').textContent).toContain(
      'This verification is not under review. kyc.not_under_review',
    );
    expect(screen.getByTestId('job-retry-2')).toBeTruthy();
    expect(screen.queryByTestId('job-retry-3')).toBeNull();

    fireEvent.click(screen.getByTestId('job-retry-1'));
    await waitFor(() => expect(screen.queryByTestId('job-row-2')).toBeNull());
    expect(backend.sent.find((s) => s.path === '/jobs/retry')?.body).toEqual({ id: 1 });
    expect(screen.getByTestId('job-status-1').textContent).toBe('Due now');
    expect(screen.queryByTestId('job-retry-1')).toBeNull();
  });

  it('filters by status and entity type', async () => {
    signIn('admin');
    backend.handlers['/jobs/list'] = () => ok({ items: [], page: 1, pageSize: 20, total: 0 });
    renderAt('/jobs?status=failed');
    await screen.findByText('Nothing to show');
    expect(backend.sent.find((s) => s.path === '/jobs/list')?.body).toEqual({
      status: 'failed',
      page: 1,
      pageSize: 20,
    });
    fireEvent.change(screen.getByTestId('jobs-type-filter'), { target: { value: 'account' } });
    await waitFor(() =>
      expect(backend.sent.filter((s) => s.path === '/jobs/list').at(-1)?.body).toEqual({
        status: 'failed',
        entityType: 'account',
        page: 1,
        pageSize: 20,
      }),
    );
  });

  it('offers a reload when the list cannot be loaded', async () => {
    signIn('operator');
    let fail = true;
    backend.handlers['/jobs/list'] = () =>
      fail
        ? { status: 500, data: { status: 0, code: 'system.busy', params: {}, msg: 'Busy.' } }
        : ok({ items: [job(4, 'done')], page: 1, pageSize: 20, total: 1 });
    renderAt('/jobs');
    await screen.findByText('Could not load. Please try again.');
    expect(backend.notify).toHaveBeenCalledWith('Busy.');
    fail = false;
    // The page's own reload, and the one beside the failure: the latter.
    const reloads = screen.getAllByText('Reload');
    expect(reloads).toHaveLength(2);
    fireEvent.click(reloads[1] as HTMLElement);
    await screen.findByTestId('job-row-4');
  });
});

describe('the KYC queue', () => {
  it('flags overdue verifications', async () => {
    signIn('reviewer');
    const item = (account: string, state: string, overdue: boolean) => ({
      customerId: account.length,
      account,
      accountId: '12345678',
      state,
      overdue,
      realName: '홍길동',
      submissions: 1,
      submittedAt: '2026-03-02T00:00:00.000Z',
    });
    backend.handlers['/kyc/queue'] = () =>
      ok({
        items: [
          item('late', 'under_review.overdue', true),
          item('fresh', 'under_review.waiting', false),
        ],
        page: 1,
        pageSize: 20,
        total: 2,
      });
    renderAt('/kyc');
    await screen.findByTestId('kyc-overdue-late');
    expect(screen.queryByTestId('kyc-overdue-fresh')).toBeNull();
    expect(screen.getByTestId('kyc-row-fresh').textContent).toContain('Under review');
  });
});

describe('the settings screen', () => {
  it('checks a value with the contract before saving it', async () => {
    signIn('admin');
    let value = 24;
    backend.handlers['/settings/get'] = () =>
      ok({
        items: [
          {
            key: 'kyc.reviewHours',
            value,
            defaultValue: 24,
            unit: 'hours',
            updatedBy: value === 24 ? null : 'admin1',
            updatedAt: value === 24 ? null : '2026-03-02T00:00:00.000Z',
          },
        ],
      });
    backend.handlers['/settings/set'] = (body) => {
      value = Number(body.value);
      return ok({});
    };
    renderAt('/settings');
    const input = await screen.findByTestId('setting-input-kyc.reviewHours');
    expect(screen.getByText('KYC review time')).toBeTruthy();
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('setting-save-kyc.reviewHours'));
    await screen.findByText('The value of KYC review time is not valid.');
    expect(backend.sent.some((s) => s.path === '/settings/set')).toBe(false);
    fireEvent.change(input, { target: { value: '48' } });
    fireEvent.click(screen.getByTestId('setting-save-kyc.reviewHours'));
    await screen.findByText(/Set by admin1/);
    expect(backend.sent.find((s) => s.path === '/settings/set')?.body).toEqual({
      key: 'kyc.reviewHours',
      value: 48,
    });
  });
});
