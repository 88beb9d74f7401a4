import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FundQueueItemDto } from '../../contract/schemas/funds-staff';
import {
  adjustment,
  channel,
  depositItem,
  fundCase,
  fundSetting,
  page,
  proposal,
  withdrawalItem,
} from './testing/fundFixtures';
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

/** A case whose answers follow what the decision calls did to it. */
function liveCase(path: string, first: FundQueueItemDto) {
  let item = first;
  backend.handlers[path] = () => ok(fundCase(item));
  return {
    set: (next: Partial<FundQueueItemDto>) => {
      item = { ...item, ...next };
      return ok(item);
    },
  };
}

describe('the deposit queue', () => {
  it('opens on pending ones, flags the overdue, filters by state and overdue only, pages', async () => {
    signIn('reviewer');
    backend.handlers['/deposits/queue'] = () =>
      ok({
        ...page([
          depositItem({ state: 'pending.overdue', overdue: true }),
          depositItem({
            id: 43,
            orderNo: 'D43',
            currency: 'USD',
            amount: 12_345,
            amountKrw: 166_657,
          }),
        ]),
        total: 45,
      });
    const router = renderAt('/deposits/queue');
    await screen.findByTestId('fund-row-D41');
    expect(sentTo('/deposits/queue')).toEqual([{ state: 'pending', page: 1, pageSize: 20 }]);
    expect(screen.getByTestId('fund-overdue-D41')).toBeTruthy();
    expect(screen.queryByTestId('fund-overdue-D43')).toBeNull();
    // The amount in its currency, with its won equivalent when it is not won.
    const row = screen.getByTestId('fund-row-D43');
    expect(row.textContent).toContain('123.45 USD');
    expect(row.textContent).toContain('≈ ₩166,657');
    expect(screen.getByTestId('fund-row-D41').textContent).not.toContain('≈');

    fireEvent.click(screen.getByTestId('fund-overdue-only'));
    await waitFor(() =>
      expect(sentTo('/deposits/queue').at(-1)).toEqual({
        state: 'pending',
        overdueOnly: true,
        page: 1,
        pageSize: 20,
      }),
    );
    expect(screen.getByTestId('fund-overdue-only').getAttribute('aria-pressed')).toBe('true');

    fireEvent.change(screen.getByTestId('fund-state-filter'), { target: { value: 'all' } });
    await waitFor(() =>
      expect(sentTo('/deposits/queue').at(-1)).toEqual({
        overdueOnly: true,
        page: 1,
        pageSize: 20,
      }),
    );
    fireEvent.change(screen.getByTestId('fund-state-filter'), { target: { value: 'credited' } });
    await waitFor(() => expect(sentTo('/deposits/queue').at(-1)?.state).toBe('credited'));

    fireEvent.click(await screen.findByText('Next'));
    await waitFor(() => expect(sentTo('/deposits/queue').at(-1)?.page).toBe(2));
    expect(screen.getByTestId('fund-open-D41').getAttribute('href')).toBe('/deposits/detail?id=41');
    expect(router.state.location.search).toContain('page=2');
  });
});

describe('a deposit case', () => {
  it('shows the voucher, the customer’s recent orders and the state chart link; approves with the version', async () => {
    signIn('reviewer');
    const live = liveCase('/deposits/detail', depositItem());
    backend.handlers['/deposits/approve'] = () =>
      live.set({ state: 'credited', version: 2, accepts: [] });
    renderAt('/deposits/detail?id=41');
    const voucher = await screen.findByTestId<HTMLImageElement>('fund-voucher');
    expect(voucher.getAttribute('src')).toBe('data:image/jpeg;base64,AAAA');
    expect(screen.getByTestId('fund-recent-D30').textContent).toContain('no transfer found');
    expect(screen.getByTestId('fund-open-entity').getAttribute('href')).toBe(
      '/entities/deposit/41',
    );
    expect(sentTo('/deposits/detail')).toEqual([{ id: 41 }]);
    // The customer's cancel and the clock's overdue are not staff decisions.
    expect(
      within(screen.getByTestId('fund-decisions'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Approve', 'Reject']);

    fireEvent.click(screen.getByTestId('fund-approve'));
    fireEvent.click(await screen.findByTestId('approve-confirm'));
    await waitFor(() =>
      expect(screen.getByTestId('fund-detail-state').getAttribute('data-state')).toBe('credited'),
    );
    expect(sentTo('/deposits/approve')).toEqual([{ id: 41, version: 1 }]);
    expect(screen.getByTestId('fund-no-decision')).toBeTruthy();
  });

  it('rejects only with a reason, and sends it', async () => {
    signIn('reviewer');
    const live = liveCase('/deposits/detail', depositItem());
    backend.handlers['/deposits/reject'] = (body) =>
      live.set({ state: 'rejected', version: 2, accepts: [], reason: String(body.reason) });
    renderAt('/deposits/detail?id=41');
    fireEvent.click(await screen.findByTestId('fund-reject'));
    fireEvent.click(await screen.findByTestId('reject-confirm'));
    await screen.findByText('Please enter a reason.');
    expect(sentTo('/deposits/reject')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('reject-reason'), { target: { value: 'No transfer' } });
    act(() => {
      fireEvent.click(screen.getByTestId('reject-confirm'));
    });
    expect((await screen.findByTestId('fund-detail-reason')).textContent).toBe('No transfer');
    expect(sentTo('/deposits/reject')).toEqual([{ id: 41, version: 1, reason: 'No transfer' }]);
  });

  it('says "changed by someone else" on a conflict and reloads the case', async () => {
    signIn('reviewer');
    liveCase('/deposits/detail', depositItem());
    backend.handlers['/deposits/approve'] = () => refuse(409, 'lifecycle.conflict', 'Changed.');
    renderAt('/deposits/detail?id=41');
    fireEvent.click(await screen.findByTestId('fund-approve'));
    fireEvent.click(await screen.findByTestId('approve-confirm'));
    const conflict = await screen.findByTestId('fund-conflict');
    expect(conflict.textContent).toContain('This changed meanwhile');
    expect(screen.getByTestId<HTMLButtonElement>('fund-approve').disabled).toBe(true);
    fireEvent.click(screen.getByTestId('fund-conflict-reload'));
    await waitFor(() => expect(sentTo('/deposits/detail')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByTestId('fund-conflict')).toBeNull());
  });

  it('treats "no longer pending" (cancelled by the customer meanwhile) as a conflict', async () => {
    signIn('reviewer');
    liveCase('/deposits/detail', depositItem());
    backend.handlers['/deposits/reject'] = () => refuse(409, 'fund_order.not_pending', 'Gone.');
    renderAt('/deposits/detail?id=41');
    fireEvent.click(await screen.findByTestId('fund-reject'));
    fireEvent.change(await screen.findByTestId('reject-reason'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('reject-confirm'));
    await screen.findByTestId('fund-conflict');
  });

  it('never puts anything but an image data URL in the voucher <img>', async () => {
    signIn('reviewer');
    backend.handlers['/deposits/detail'] = () =>
      ok(fundCase(depositItem(), { voucher: 'javascript:alert(1)' }));
    renderAt('/deposits/detail?id=41');
    await screen.findByTestId('fund-no-voucher');
    expect(screen.queryByTestId('fund-voucher')).toBeNull();
  });

  it('asks nothing without an id and points back to the queue', async () => {
    signIn('reviewer');
    renderAt('/deposits/detail');
    await screen.findByTestId('fund-case-none');
    expect(backend.sent.filter((s) => s.path === '/deposits/detail')).toHaveLength(0);
  });
});

describe('a withdrawal case', () => {
  it('shows the destination, the whole number to pay, the amount in won and the approvals', async () => {
    signIn('reviewer', 'rev1');
    liveCase(
      '/withdrawals/detail',
      withdrawalItem({ approvals: [{ staff: 'rev2', at: '2026-01-01T01:00:00Z' }] }),
    );
    renderAt('/withdrawals/detail?id=42');
    expect((await screen.findByTestId('fund-detail-destination')).textContent).toBe(
      'Bank card · KB국민 1234 **** **** 5678',
    );
    expect(screen.getByTestId('fund-detail-pay-to').textContent).toBe('1234567890125678');
    expect(screen.getByTestId('fund-detail-amount').textContent).toContain('15,000.00 USD');
    expect(screen.getByTestId('fund-detail-amount').textContent).toContain('≈ ₩20,250,000');
    expect(screen.getByTestId('fund-needs-second').textContent).toContain(
      'Needs a second approver',
    );
    expect(screen.getByTestId('fund-needs-second').textContent).toContain('rev2');
    expect(screen.getByTestId('fund-approvals-needed').textContent).toContain('1 of 2 approvals');
    expect(screen.queryByTestId('fund-voucher')).toBeNull();
  });

  it('records a first approval above the threshold, then shows the same member’s second refused', async () => {
    signIn('reviewer', 'rev1');
    const live = liveCase('/withdrawals/detail', withdrawalItem());
    let approvals = 0;
    backend.handlers['/withdrawals/approve'] = () => {
      approvals += 1;
      if (approvals > 1) return refuse(409, 'four_eyes.same_staff', 'Different staff.');
      return live.set({ version: 2, approvals: [{ staff: 'rev1', at: '2026-01-01T01:00:00Z' }] });
    };
    renderAt('/withdrawals/detail?id=42');
    fireEvent.click(await screen.findByTestId('fund-approve'));
    fireEvent.click(await screen.findByTestId('approve-confirm'));
    // Still pending: one of two approvals, a second approver awaited.
    await screen.findByTestId('fund-needs-second');
    expect(screen.getByTestId('fund-detail-state').getAttribute('data-state')).toBe(
      'pending.waiting',
    );
    expect(sentTo('/withdrawals/approve')).toEqual([{ id: 42, version: 1 }]);

    fireEvent.click(screen.getByTestId('fund-approve'));
    fireEvent.click(await screen.findByTestId('approve-confirm'));
    const refused = await screen.findByTestId('decision-refused');
    expect(refused.textContent).toBe('A different staff member must approve this.');
    expect(sentTo('/withdrawals/approve')).toEqual([
      { id: 42, version: 1 },
      { id: 42, version: 2 },
    ]);
    expect(screen.queryByTestId('fund-conflict')).toBeNull();
  });

  it('lets an operator mark an approved one paid with the bank reference, not approve or reject', async () => {
    signIn('operator');
    const live = liveCase(
      '/withdrawals/detail',
      withdrawalItem({
        state: 'approved',
        version: 3,
        accepts: ['payout.paid'],
        approvals: [
          { staff: 'rev1', at: '2026-01-01T01:00:00Z' },
          { staff: 'rev2', at: '2026-01-01T02:00:00Z' },
        ],
      }),
    );
    backend.handlers['/withdrawals/paid'] = () =>
      live.set({ state: 'paid', version: 4, accepts: [] });
    renderAt('/withdrawals/detail?id=42');
    fireEvent.click(await screen.findByTestId('fund-paid'));
    const sheet = await screen.findByTestId('decision-sheet');
    expect(within(sheet).getByText('Bank reference')).toBeTruthy();
    fireEvent.click(screen.getByTestId('paid-confirm'));
    await screen.findByText("Please enter the bank's or the chain's reference.");
    expect(sentTo('/withdrawals/paid')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('paid-reference'), { target: { value: ' TX-991 ' } });
    fireEvent.click(screen.getByTestId('paid-confirm'));
    await waitFor(() =>
      expect(screen.getByTestId('fund-detail-state').getAttribute('data-state')).toBe('paid'),
    );
    expect(sentTo('/withdrawals/paid')).toEqual([{ id: 42, version: 3, reference: 'TX-991' }]);
  });

  it('shows an operator no approve or reject, and a reviewer no "paid"', async () => {
    signIn('operator');
    liveCase('/withdrawals/detail', withdrawalItem());
    renderAt('/withdrawals/detail?id=42');
    await screen.findByTestId('fund-no-decision');
    expect(screen.queryByTestId('fund-approve')).toBeNull();
  });

  it('hides "paid" from a reviewer even when the machine accepts it', async () => {
    signIn('reviewer');
    liveCase(
      '/withdrawals/detail',
      withdrawalItem({ state: 'approved', accepts: ['payout.paid'] }),
    );
    renderAt('/withdrawals/detail?id=42');
    await screen.findByTestId('fund-no-decision');
    expect(screen.queryByTestId('fund-paid')).toBeNull();
  });

  it('lists withdrawals with their approvals so far', async () => {
    signIn('operator');
    backend.handlers['/withdrawals/queue'] = () =>
      ok(page([withdrawalItem({ approvals: [{ staff: 'rev1', at: '2026-01-01T00:00:00Z' }] })]));
    renderAt('/withdrawals/queue');
    expect((await screen.findByTestId('fund-approvals-W42')).textContent).toBe('1 of 2 approvals');
  });
});

describe('receiving channels', () => {
  const list = () => ({
    channels: [channel(), channel({ id: 3, active: false, demo: false, accountNumber: '9-9' })],
    proposals: [
      proposal(),
      proposal({ id: 6, proposedBy: 'operator1', reason: 'mine' }),
      proposal({
        id: 7,
        state: 'approved',
        decidedBy: 'admin1',
        decidedAt: '2026-01-02T00:00:00Z',
      }),
    ],
  });

  it('lists the accounts (demo ones labelled) and every proposal with who proposed and decided', async () => {
    signIn('operator');
    backend.handlers['/channels/list'] = () => ok(list());
    renderAt('/channels/list');
    const demo = await screen.findByTestId('channel-row-1');
    expect(within(demo).getByTestId('channel-demo').textContent).toBe('Demo');
    expect(within(screen.getByTestId('channel-row-3')).queryByTestId('channel-demo')).toBeNull();
    expect(screen.getByTestId('channel-remove-1').getAttribute('href')).toBe(
      '/channels/propose?remove=1',
    );
    expect(screen.queryByTestId('channel-remove-3')).toBeNull();
    expect(screen.getByTestId('proposal-who-5').textContent).toContain('Proposed by other1');
    expect(screen.getByTestId('proposal-who-7').textContent).toContain('Decided by admin1');
  });

  it('decides someone else’s proposal, never one’s own', async () => {
    signIn('operator');
    backend.handlers['/channels/list'] = () => ok(list());
    backend.handlers['/channels/approve'] = () => ok(proposal({ state: 'approved' }));
    renderAt('/channels/approve');
    // Only the pending ones.
    await screen.findByTestId('proposal-row-5');
    expect(screen.queryByTestId('proposal-row-7')).toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>('proposal-6-approve').disabled).toBe(true);
    expect(screen.getByTestId<HTMLButtonElement>('proposal-6-reject').disabled).toBe(true);
    expect(screen.getByTestId('proposal-6-own').textContent).toBe(
      'You proposed this: another staff member must decide.',
    );

    fireEvent.click(screen.getByTestId('proposal-5-approve'));
    const sheet = await screen.findByTestId('proposal-sheet');
    expect(sheet.textContent).toContain('KB 555-1');
    expect(sentTo('/channels/approve')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('proposal-confirm'));
    await waitFor(() => expect(sentTo('/channels/approve')).toEqual([{ id: 5, approve: true }]));
    await waitFor(() => expect(sentTo('/channels/list')).toHaveLength(2));
  });

  it('shows a refusal (decided meanwhile) and keeps the confirmation open', async () => {
    signIn('operator');
    backend.handlers['/channels/list'] = () => ok(list());
    backend.handlers['/channels/approve'] = () =>
      refuse(409, 'proposal.not_pending', 'Already decided.');
    renderAt('/channels/approve');
    fireEvent.click(await screen.findByTestId('proposal-5-reject'));
    fireEvent.click(await screen.findByTestId('proposal-confirm'));
    await waitFor(() => expect(backend.notify).toHaveBeenCalledWith('Already decided.'));
    expect(sentTo('/channels/approve')).toEqual([{ id: 5, approve: false }]);
    expect(screen.getByTestId('proposal-sheet')).toBeTruthy();
  });

  it('proposes a new account with a reason (nothing sent without one)', async () => {
    signIn('operator');
    backend.handlers['/channels/list'] = () => ok(list());
    backend.handlers['/channels/propose'] = () => ok(proposal());
    const router = renderAt('/channels/propose');
    await screen.findByTestId('channel-propose-form');
    fireEvent.change(screen.getByTestId('channel-currency'), { target: { value: 'USDT' } });
    fireEvent.change(screen.getByTestId('channel-kind'), { target: { value: 'wallet' } });
    fireEvent.change(screen.getByTestId('channel-bankName'), { target: { value: 'TRC20' } });
    fireEvent.change(screen.getByTestId('channel-accountName'), { target: { value: 'Maru' } });
    fireEvent.change(screen.getByTestId('channel-accountNumber'), {
      target: { value: 'TXYZabc' },
    });
    fireEvent.click(screen.getByTestId('channel-propose-submit'));
    expect((await screen.findByTestId('channel-propose-error')).textContent).not.toBe('');
    expect(sentTo('/channels/propose')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('channel-reason'), { target: { value: 'USDT deposits' } });
    fireEvent.click(screen.getByTestId('channel-propose-submit'));
    await waitFor(() =>
      expect(sentTo('/channels/propose')).toEqual([
        {
          action: 'add',
          currency: 'USDT',
          kind: 'wallet',
          bankName: 'TRC20',
          accountName: 'Maru',
          accountNumber: 'TXYZabc',
          reason: 'USDT deposits',
        },
      ]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/channels/list'));
  });

  it('proposes removing the account chosen on the list', async () => {
    signIn('operator');
    backend.handlers['/channels/list'] = () => ok(list());
    backend.handlers['/channels/propose'] = () => ok(proposal({ action: 'remove' }));
    renderAt('/channels/propose?remove=1');
    const chosen = await screen.findByTestId<HTMLSelectElement>('channel-to-remove');
    expect(chosen.value).toBe('1');
    // Removed accounts are not offered.
    expect([...chosen.options].map((o) => o.value)).toEqual(['', '1']);
    fireEvent.change(screen.getByTestId('channel-reason'), { target: { value: 'closed' } });
    fireEvent.click(screen.getByTestId('channel-propose-submit'));
    await waitFor(() =>
      expect(sentTo('/channels/propose')).toEqual([
        { action: 'remove', channelId: 1, reason: 'closed' },
      ]),
    );
  });
});

describe('manual adjustments', () => {
  it('lists pending ones with the signed amount; approves another’s, never one’s own', async () => {
    signIn('operator');
    backend.handlers['/ledger/adjust/list'] = () =>
      ok(page([adjustment(), adjustment({ id: 9, proposedBy: 'operator1', amount: 5000 })]));
    backend.handlers['/ledger/adjust/approve'] = () =>
      ok(adjustment({ state: 'approved', entryId: 77 }));
    renderAt('/ledger/adjust/list');
    expect((await screen.findByTestId('adjust-amount-8')).textContent).toBe('-12.50 USD');
    expect(screen.getByTestId('adjust-amount-9').textContent).toBe('+50.00 USD');
    expect(sentTo('/ledger/adjust/list')).toEqual([{ state: 'pending', page: 1, pageSize: 20 }]);
    expect(screen.getByTestId<HTMLButtonElement>('adjust-9-approve').disabled).toBe(true);
    fireEvent.click(screen.getByTestId('adjust-8-approve'));
    expect((await screen.findByTestId('proposal-sheet')).textContent).toContain('-12.50 USD');
    fireEvent.click(screen.getByTestId('proposal-confirm'));
    await waitFor(() =>
      expect(sentTo('/ledger/adjust/approve')).toEqual([{ id: 8, approve: true }]),
    );
    await waitFor(() => expect(sentTo('/ledger/adjust/list')).toHaveLength(2));

    fireEvent.change(screen.getByTestId('adjust-state-filter'), { target: { value: 'all' } });
    await waitFor(() =>
      expect(sentTo('/ledger/adjust/list').at(-1)).toEqual({ page: 1, pageSize: 20 }),
    );
  });

  it('proposes a signed amount in the currency’s units as minor units', async () => {
    signIn('operator');
    backend.handlers['/ledger/adjust/propose'] = () => ok(adjustment());
    backend.handlers['/ledger/adjust/list'] = () => ok(page([]));
    const router = renderAt('/ledger/adjust/propose?customerId=7');
    fireEvent.change(await screen.findByTestId('adjust-currency'), { target: { value: 'USD' } });
    fireEvent.change(screen.getByTestId('adjust-amount'), { target: { value: '-12.345' } });
    fireEvent.change(screen.getByTestId('adjust-reason'), { target: { value: 'Reversal' } });
    fireEvent.click(screen.getByTestId('adjust-propose-submit'));
    expect((await screen.findByTestId('adjust-propose-error')).textContent).toBe(
      'Enter a non-zero amount with at most 2 decimals.',
    );
    expect(sentTo('/ledger/adjust/propose')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('adjust-amount'), { target: { value: '-12.5' } });
    expect(screen.getByTestId('adjust-preview').textContent).toBe(
      "Debits -12.50 USD from customer 7's available balance.",
    );
    fireEvent.click(screen.getByTestId('adjust-propose-submit'));
    await waitFor(() =>
      expect(sentTo('/ledger/adjust/propose')).toEqual([
        { customerId: 7, currency: 'USD', amount: -1250, reason: 'Reversal' },
      ]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/ledger/adjust/list'));
  });

  it('refuses a zero amount or a missing customer before sending', async () => {
    signIn('operator');
    renderAt('/ledger/adjust/propose');
    fireEvent.change(await screen.findByTestId('adjust-amount'), { target: { value: '0' } });
    fireEvent.change(screen.getByTestId('adjust-reason'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('adjust-propose-submit'));
    await screen.findByTestId('adjust-propose-error');
    fireEvent.change(screen.getByTestId('adjust-amount'), { target: { value: '100' } });
    fireEvent.click(screen.getByTestId('adjust-propose-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('adjust-propose-error').textContent).toContain('Customer ID'),
    );
    expect(sentTo('/ledger/adjust/propose')).toHaveLength(0);
  });
});

describe('fund settings', () => {
  const items = [
    fundSetting('fund.withdrawOpens', 540, 'minuteOfDay'),
    fundSetting('fund.businessDaysOnly', 1, 'switch'),
    fundSetting('fund.exchangeSpread', 50, 'basisPoints'),
    fundSetting('fund.fourEyesAbove', 10_000_000, 'won'),
  ];

  it('shows each value in its unit: HH:MM, on/off, %, won', async () => {
    signIn('admin');
    backend.handlers['/fundSettings/get'] = () => ok({ items });
    renderAt('/fundSettings');
    const opens = await screen.findByTestId<HTMLInputElement>('setting-input-fund.withdrawOpens');
    expect(opens.value).toBe('09:00');
    expect(screen.getByTestId('setting-fund.withdrawOpens').textContent).toContain(
      'Withdrawals open at',
    );
    expect(screen.getByTestId<HTMLSelectElement>('setting-input-fund.businessDaysOnly').value).toBe(
      '1',
    );
    expect(screen.getByTestId<HTMLInputElement>('setting-input-fund.exchangeSpread').value).toBe(
      '0.5',
    );
    expect(screen.getByTestId('setting-fund.exchangeSpread').textContent).toContain('%');
    expect(screen.getByTestId('setting-help-fund.fourEyesAbove').textContent).toContain(
      '10,000,000 won',
    );
  });

  it('sends a time as minutes after midnight and a percentage as basis points', async () => {
    signIn('admin');
    backend.handlers['/fundSettings/get'] = () => ok({ items });
    backend.handlers['/fundSettings/set'] = (body) =>
      ok(fundSetting(String(body.key), Number(body.value), 'minuteOfDay'));
    renderAt('/fundSettings');
    const opens = await screen.findByTestId('setting-input-fund.withdrawOpens');
    fireEvent.change(opens, { target: { value: '25:00' } });
    fireEvent.click(screen.getByTestId('setting-save-fund.withdrawOpens'));
    await screen.findByText(/Withdrawals open at/, { selector: '[data-part="error-text"]' });
    expect(sentTo('/fundSettings/set')).toHaveLength(0);
    fireEvent.change(opens, { target: { value: '09:30' } });
    fireEvent.click(screen.getByTestId('setting-save-fund.withdrawOpens'));
    await waitFor(() =>
      expect(sentTo('/fundSettings/set')).toEqual([{ key: 'fund.withdrawOpens', value: 570 }]),
    );
    fireEvent.change(screen.getByTestId('setting-input-fund.exchangeSpread'), {
      target: { value: '1.25' },
    });
    fireEvent.click(screen.getByTestId('setting-save-fund.exchangeSpread'));
    await waitFor(() =>
      expect(sentTo('/fundSettings/set').at(-1)).toEqual({
        key: 'fund.exchangeSpread',
        value: 125,
      }),
    );
    fireEvent.change(screen.getByTestId('setting-input-fund.businessDaysOnly'), {
      target: { value: '0' },
    });
    fireEvent.click(screen.getByTestId('setting-save-fund.businessDaysOnly'));
    await waitFor(() =>
      expect(sentTo('/fundSettings/set').at(-1)).toEqual({
        key: 'fund.businessDaysOnly',
        value: 0,
      }),
    );
  });

  it('lets an operator read them but not change them', async () => {
    signIn('operator');
    backend.handlers['/fundSettings/get'] = () => ok({ items });
    renderAt('/fundSettings');
    await screen.findByTestId('setting-fund.withdrawOpens');
    expect(screen.getByTestId('fund-settings-read-only')).toBeTruthy();
    expect(screen.queryByTestId('setting-save-fund.withdrawOpens')).toBeNull();
  });

  it('keeps the money keys off the general settings screen', async () => {
    signIn('admin');
    backend.handlers['/settings/get'] = () =>
      ok({ items: [fundSetting('kyc.reviewHours', 24, 'hours'), ...items] });
    renderAt('/settings');
    await screen.findByTestId('setting-kyc.reviewHours');
    expect(screen.queryByTestId('setting-fund.withdrawOpens')).toBeNull();
  });
});
