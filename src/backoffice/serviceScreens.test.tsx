import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SeatQueueDto } from '../../contract/schemas/service';
import type { StaffOfferingsDto } from '../../contract/schemas/placement';
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

type SeatRow = SeatQueueDto['rows'][number];
const seatRow = (over: Partial<SeatRow> = {}): SeatRow => ({
  id: 5,
  customerId: 9,
  account: 'kim',
  accountId: '10000009',
  kycState: 'passed',
  state: 'pending',
  version: 1,
  accepts: ['review.approve', 'review.reject'],
  updatedAt: '2026-01-01T00:00:00Z',
  ...over,
});
const seatQueue = (rows: SeatRow[]): SeatQueueDto => ({ rows, commissionPpm: 500 });

describe('the seat-account queue', () => {
  it('lets a reviewer approve with the version seen, and reloads the queue', async () => {
    signIn('reviewer');
    let queue = seatQueue([seatRow()]);
    backend.handlers['/seat/queue'] = () => ok(queue);
    backend.handlers['/seat/approve'] = () => {
      queue = seatQueue([]);
      return ok(queue);
    };
    renderAt('/seat');
    expect((await screen.findByTestId('seat-row-5')).textContent).toContain('kim');
    fireEvent.click(screen.getByTestId('seat-approve-5'));
    expect((await screen.findByTestId('decision-sheet')).textContent).toContain(
      'Approve kim (10000009)',
    );
    fireEvent.click(screen.getByTestId('seat-decision-confirm'));
    await waitFor(() => expect(sentTo('/seat/approve')).toEqual([{ id: 5, version: 1 }]));
    expect((await screen.findByTestId('seat-queue-empty')).textContent).toBe('Nothing to show');
    expect(sentTo('/seat/queue')).toHaveLength(2);
  });

  it('rejects only with a reason, sent with the version', async () => {
    signIn('reviewer');
    backend.handlers['/seat/queue'] = () => ok(seatQueue([seatRow({ version: 4 })]));
    backend.handlers['/seat/reject'] = () => ok(seatQueue([]));
    renderAt('/seat');
    fireEvent.click(await screen.findByTestId('seat-reject-5'));
    fireEvent.click(await screen.findByTestId('seat-decision-confirm'));
    await screen.findByText('Please enter a reason.');
    expect(sentTo('/seat/reject')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('seat-reject-reason'), {
      target: { value: 'Identity not passed' },
    });
    fireEvent.click(screen.getByTestId('seat-decision-confirm'));
    await waitFor(() =>
      expect(sentTo('/seat/reject')).toEqual([
        { id: 5, version: 4, reason: 'Identity not passed' },
      ]),
    );
  });

  it('offers a reload when someone else decided meanwhile', async () => {
    signIn('reviewer');
    backend.handlers['/seat/queue'] = () => ok(seatQueue([seatRow()]));
    backend.handlers['/seat/approve'] = () => refuse(409, 'seat.not_pending', 'Decided.');
    renderAt('/seat');
    fireEvent.click(await screen.findByTestId('seat-approve-5'));
    fireEvent.click(await screen.findByTestId('seat-decision-confirm'));
    await screen.findByTestId('seat-conflict-5');
    fireEvent.click(screen.getByTestId('seat-conflict-5-reload'));
    await waitFor(() => expect(sentTo('/seat/queue')).toHaveLength(2));
  });
});

const noOfferings: StaffOfferingsDto = { placements: [], auctions: [] };

describe('the placements and auctions screen', () => {
  it('lets an operator set up a placement from typed terms', async () => {
    signIn('operator');
    backend.handlers['/offerings/list'] = () => ok(noOfferings);
    backend.handlers['/offerings/placement/save'] = () => ok(noOfferings);
    renderAt('/offerings');
    fireEvent.click(await screen.findByTestId('placement-create-open'));
    await screen.findByTestId('placement-form');
    // One form at a time: the other create button is gone while it is open.
    expect(screen.queryByTestId('auction-create-open')).toBeNull();
    fireEvent.change(screen.getByTestId('pl-symbol'), { target: { value: ' 000660 ' } });
    fireEvent.change(screen.getByTestId('pl-price'), { target: { value: '180000' } });
    fireEvent.change(screen.getByTestId('pl-sharesOffered'), { target: { value: '1000' } });
    fireEvent.change(screen.getByTestId('pl-tiers'), { target: { value: '10:50, 100:80' } });
    fireEvent.change(screen.getByTestId('pl-opensAt'), { target: { value: '2026-12-02T09:00' } });
    fireEvent.change(screen.getByTestId('pl-closesAt'), { target: { value: '2026-12-03T15:30' } });
    fireEvent.click(screen.getByTestId('placement-save'));
    await waitFor(() => expect(sentTo('/offerings/placement/save')).toHaveLength(1));
    expect(sentTo('/offerings/placement/save')[0]).toEqual({
      symbol: '000660',
      price: 180_000,
      sharesOffered: 1000,
      tiers: [
        { minShares: 10, allotPct: 50 },
        { minShares: 100, allotPct: 80 },
      ],
      depositPct: 50,
      paymentHours: 48,
      opensAt: new Date('2026-12-02T09:00').toISOString(),
      closesAt: new Date('2026-12-03T15:30').toISOString(),
    });
    await waitFor(() => expect(screen.queryByTestId('placement-form')).toBeNull());
    expect(sentTo('/offerings/list')).toHaveLength(2);
  });

  it('keeps the auction form to fix when the server refuses it', async () => {
    signIn('operator');
    backend.handlers['/offerings/list'] = () => ok(noOfferings);
    backend.handlers['/offerings/auction/save'] = () =>
      refuse(400, 'request.invalid', 'Not valid.');
    renderAt('/offerings');
    fireEvent.click(await screen.findByTestId('auction-create-open'));
    await screen.findByTestId('auction-form');
    fireEvent.change(screen.getByTestId('au-symbol'), { target: { value: '005930' } });
    fireEvent.change(screen.getByTestId('au-sharesOffered'), { target: { value: '500' } });
    fireEvent.change(screen.getByTestId('au-reservePrice'), { target: { value: '70000' } });
    fireEvent.click(screen.getByTestId('auction-save'));
    await waitFor(() => expect(sentTo('/offerings/auction/save')).toHaveLength(1));
    expect(sentTo('/offerings/auction/save')[0]).toMatchObject({
      symbol: '005930',
      sharesOffered: 500,
      reservePrice: 70_000,
      minShares: 10,
    });
    expect(screen.getByTestId('auction-form')).toBeTruthy();
    expect(sentTo('/offerings/list')).toHaveLength(1);
  });

  it('shows readers the lists without set-up buttons', async () => {
    signIn('reviewer');
    backend.handlers['/offerings/list'] = () => ok(noOfferings);
    renderAt('/offerings');
    await screen.findByTestId('placement-table-empty');
    expect(screen.queryByTestId('placement-create-open')).toBeNull();
    expect(screen.queryByTestId('auction-create-open')).toBeNull();
  });
});
