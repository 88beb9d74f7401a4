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
    expect(navFor('reviewer').map((i) => i.id)).toEqual(['kyc']);
    expect(navFor('operator').map((i) => i.id)).toEqual(['customers', 'institutions']);
    expect(navFor('admin').map((i) => i.id)).toEqual([
      'kyc',
      'customers',
      'institutions',
      'audit',
      'staff',
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
    for (const hidden of ['nav-kyc', 'nav-audit', 'nav-staff']) {
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
