import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { acceptedEvents } from '../../machines/decide';
import { accountLifecycle } from '../../machines/account';
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

beforeAll(startBackoffice);
beforeEach(resetBackoffice);

const NO_RESTRICTION =
  'frozen.off,disabled.off,loginBanned.off,tradingBarred.off,withdrawalBarred.off';

/** The account lifecycle status the server would answer for a state: accepts from the machine. */
function accountStatus(state: string, version: number, reasons: Record<string, string> = {}) {
  return {
    state,
    version,
    accepts: acceptedEvents(accountLifecycle, { state, context: { reasons } }),
  };
}

function customer(state: string, version: number, stateChanges: unknown[] = []) {
  const on = (name: string) => state.split(',').includes(`${name}.on`);
  return {
    id: 9,
    account: 'kim',
    accountId: '10000009',
    kycState: 'under_review.overdue',
    institution: 'Maru',
    createdAt: '2026-01-02T03:04:05Z',
    states: {
      frozen: on('frozen'),
      disabled: on('disabled'),
      loginBanned: on('loginBanned'),
      tradingBarred: on('tradingBarred'),
      withdrawalBarred: on('withdrawalBarred'),
    },
    creditScore: 100,
    fundPasswordSet: false,
    accountLifecycle: accountStatus(state, version),
    stateChanges,
  };
}

describe('the KYC queue', () => {
  it('filters by the machine’s states in words, nested ones included, and flags overdue cases', async () => {
    signIn('reviewer');
    backend.handlers['/kyc/queue'] = () =>
      ok({
        items: [
          {
            customerId: 1,
            account: 'late',
            accountId: '1',
            state: 'under_review.overdue',
            realName: 'A',
            submissions: 1,
            submittedAt: null,
          },
          {
            customerId: 2,
            account: 'fresh',
            accountId: '2',
            state: 'under_review.waiting',
            realName: 'B',
            submissions: 1,
            submittedAt: null,
          },
        ],
        page: 1,
        pageSize: 20,
        total: 2,
      });
    renderAt('/kyc');
    await screen.findByTestId('kyc-row-late');
    const filter = screen.getByTestId<HTMLSelectElement>('kyc-state-filter');
    expect([...filter.options].map((o) => [o.value, o.textContent?.trim()])).toEqual([
      ['unverified', 'Not submitted'],
      ['under_review', 'Under review'],
      ['under_review.waiting', 'Awaiting review'],
      ['under_review.overdue', 'Review overdue'],
      ['rejected', 'Rejected'],
      ['passed', 'Verified'],
    ]);
    expect(filter.value).toBe('under_review');
    expect(sentTo('/kyc/queue')[0]).toMatchObject({ state: 'under_review' });
    expect(screen.getByTestId('kyc-overdue-late').textContent).toBe('Review overdue');
    expect(screen.queryByTestId('kyc-overdue-fresh')).toBeNull();
    const badge = within(screen.getByTestId('kyc-row-fresh')).getByTestId('kyc-state-badge');
    expect(badge.textContent).toBe('Under review');

    fireEvent.change(filter, { target: { value: 'under_review.overdue' } });
    await waitFor(() =>
      expect(sentTo('/kyc/queue').at(-1)).toMatchObject({ state: 'under_review.overdue' }),
    );
  });
});

describe('the customer detail', () => {
  it('shows each restriction in words with a button for each event its lifecycle accepts', async () => {
    signIn('operator');
    backend.handlers['/customers/detail'] = () =>
      ok(
        customer(
          'frozen.on,disabled.off,loginBanned.off,tradingBarred.off,withdrawalBarred.off',
          5,
        ),
      );
    renderAt('/customers/9');
    const frozen = await screen.findByTestId('state-frozen');
    expect(frozen.getAttribute('data-state')).toBe('frozen.on');
    expect(
      within(frozen)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Unfreeze account']);
    const disabled = screen.getByTestId('state-disabled');
    expect(disabled.textContent).toContain('Enabled');
    expect(
      within(disabled)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Disable account']);
    expect(screen.getByTestId('customer-open-entity').getAttribute('href')).toBe('/entities/kyc/9');
    expect(screen.getByTestId('customer-open-account-entity').getAttribute('href')).toBe(
      '/entities/account/9',
    );
  });

  it('shows no button for an event the lifecycle does not accept', async () => {
    signIn('operator');
    backend.handlers['/customers/detail'] = () => {
      const answer = customer(NO_RESTRICTION, 2);
      return ok({ ...answer, accountLifecycle: { ...answer.accountLifecycle, accepts: [] } });
    };
    renderAt('/customers/9');
    const frozen = await screen.findByTestId('state-frozen');
    expect(within(frozen).queryAllByRole('button')).toHaveLength(0);
  });

  it('sets a restriction with a reason and the version seen, through the confirmation sheet', async () => {
    signIn('operator');
    backend.handlers['/customers/detail'] = () => ok(customer(NO_RESTRICTION, 2));
    backend.handlers['/customers/setState'] = () =>
      ok(
        customer(
          'frozen.off,disabled.off,loginBanned.off,tradingBarred.on,withdrawalBarred.off',
          3,
          [
            {
              state: 'tradingBarred',
              value: true,
              reason: 'Margin call unpaid',
              staff: 'operator1',
              at: '2026-02-03T04:05:06Z',
            },
          ],
        ),
      );
    renderAt('/customers/9');
    fireEvent.click(await screen.findByTestId('account-event-account.barTrading'));
    const sheet = await screen.findByTestId('decision-sheet');
    expect(within(sheet).getByText('Bar trading: kim')).toBeTruthy();
    fireEvent.click(screen.getByTestId('state-confirm'));
    await within(sheet).findByText('Please enter a reason.');
    expect(sentTo('/customers/setState')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('state-reason'), {
      target: { value: ' Margin call unpaid ' },
    });
    fireEvent.click(screen.getByTestId('state-confirm'));
    await waitFor(() =>
      expect(screen.getByTestId('state-tradingBarred').getAttribute('data-state')).toBe(
        'tradingBarred.on',
      ),
    );
    expect(sentTo('/customers/setState')).toEqual([
      {
        customerId: 9,
        state: 'tradingBarred',
        value: true,
        reason: 'Margin call unpaid',
        version: 2,
      },
    ]);
    // Now the clear event is the one accepted.
    expect(screen.getByTestId('account-event-account.allowTrading')).toBeTruthy();
    expect(screen.queryByTestId('account-event-account.barTrading')).toBeNull();
    // The history, in words: when, who, did what, why.
    const [row] = screen.getAllByTestId('customer-state-change');
    expect(row?.textContent).toContain('operator1');
    expect(row?.textContent).toContain('Bar trading');
    expect(row?.textContent).toContain('Margin call unpaid');
    expect(row?.textContent).not.toContain('tradingBarred');
  });

  it('offers a reload when someone else changed the account meanwhile', async () => {
    signIn('operator');
    let loads = 0;
    backend.handlers['/customers/detail'] = () => {
      loads += 1;
      return ok(
        customer(
          loads === 1
            ? NO_RESTRICTION
            : 'frozen.on,disabled.off,loginBanned.off,tradingBarred.off,withdrawalBarred.off',
          loads + 1,
        ),
      );
    };
    backend.handlers['/customers/setState'] = () => refuse(409, 'lifecycle.conflict');
    renderAt('/customers/9');
    fireEvent.click(await screen.findByTestId('account-event-account.freeze'));
    fireEvent.change(await screen.findByTestId('state-reason'), { target: { value: 'Fraud' } });
    fireEvent.click(screen.getByTestId('state-confirm'));
    await screen.findByTestId('customer-conflict');
    fireEvent.click(screen.getByTestId('customer-conflict-reload'));
    await waitFor(() =>
      expect(screen.getByTestId('state-frozen').getAttribute('data-state')).toBe('frozen.on'),
    );
    expect(screen.queryByTestId('customer-conflict')).toBeNull();
  });
});

describe('the entity page', () => {
  const kycView = {
    entityType: 'kyc',
    entityId: '7',
    state: 'passed',
    version: 4,
    accepts: [],
    chartSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
    transitions: [
      {
        from: 'unverified',
        event: 'kyc.submit',
        to: 'under_review.waiting',
        actor: { kind: 'customer', id: 7, name: 'hong', role: null },
        reason: null,
        machineVersion: 2,
        at: '2026-01-01T00:00:00Z',
      },
      {
        from: 'under_review.waiting',
        event: 'review.overdue',
        to: 'under_review.overdue',
        actor: { kind: 'system', id: null, name: null, role: null },
        reason: null,
        machineVersion: 2,
        at: '2026-01-02T00:00:00Z',
      },
      {
        from: 'under_review.overdue',
        event: 'review.approve',
        to: 'passed',
        actor: { kind: 'staff', id: 3, name: 'lee', role: 'reviewer' },
        reason: 'All clear',
        machineVersion: 2,
        at: '2026-01-03T00:00:00Z',
      },
    ],
  };

  it('reads the history as words: who, did what (with the id), from → to, why', async () => {
    signIn('admin');
    backend.handlers['/entities/view'] = () => ok(kycView);
    renderAt('/entities/kyc/7');
    const rows = await screen.findAllByTestId('entity-transition');
    const cell = (i: number, id: string) =>
      within(rows[i] as HTMLElement).getByTestId(id).textContent;
    expect(cell(0, 'entity-transition-actor')).toBe('Customer hong');
    expect(cell(0, 'entity-transition-event')).toBe('Submit for verification');
    expect(rows[0]?.textContent).toContain('kyc.submit');
    expect(cell(0, 'entity-transition-change')).toBe('Not submitted → Awaiting review');
    expect(cell(1, 'entity-transition-actor')).toBe('System');
    expect(cell(1, 'entity-transition-change')).toBe('Awaiting review → Review overdue');
    expect(cell(2, 'entity-transition-actor')).toBe('lee (Reviewer)');
    expect(cell(2, 'entity-transition-event')).toBe('Approve');
    expect(cell(2, 'entity-transition-reason')).toBe('All clear');
    // Never the raw actor reference or JSON.
    expect(screen.getByTestId('entity-history').textContent).not.toMatch(/customer:|staff:|\{/);
    expect(screen.getByTestId('entity-state').textContent).toBe('Verified');
    expect(screen.getByTestId('entity-chart').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByTestId('entity-open-own').getAttribute('href')).toBe('/kyc/7');
  });

  it('shows an account: every region’s state, and only what a transition changed', async () => {
    signIn('operator');
    backend.handlers['/entities/view'] = () =>
      ok({
        entityType: 'account',
        entityId: '9',
        state: 'frozen.on,disabled.off,loginBanned.off,tradingBarred.off,withdrawalBarred.off',
        version: 1,
        accepts: ['account.unfreeze', 'account.disable'],
        chartSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
        transitions: [
          {
            from: NO_RESTRICTION,
            event: 'account.freeze',
            to: 'frozen.on,disabled.off,loginBanned.off,tradingBarred.off,withdrawalBarred.off',
            actor: { kind: 'staff', id: 1, name: 'ops', role: 'operator' },
            reason: 'Fraud report',
            machineVersion: 1,
            at: '2026-01-03T00:00:00Z',
          },
        ],
      });
    renderAt('/entities/account/9');
    const [row] = await screen.findAllByTestId('entity-transition');
    expect(within(row as HTMLElement).getByTestId('entity-transition-change').textContent).toBe(
      'Not frozen → Frozen',
    );
    expect(within(row as HTMLElement).getByTestId('entity-transition-actor').textContent).toBe(
      'ops (Operator)',
    );
    const state = screen.getByTestId('entity-state');
    expect(state.textContent).toContain('Frozen');
    expect(state.textContent).toContain('Login allowed');
    expect(screen.getByTestId('entity-accepts').textContent).toBe(
      'Unfreeze account, Disable account',
    );
    expect(screen.getByTestId('entity-open-own').getAttribute('href')).toBe('/customers/9');
    expect(screen.getByText('Account restrictions #9')).toBeTruthy();
  });
});
