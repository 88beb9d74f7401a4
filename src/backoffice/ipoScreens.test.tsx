import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { workedDraw } from '../testing/ipoFixtures';
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
import { staffOffering, staffOfferingDetail, staffOfferings } from './testing/ipoFixtures';

beforeAll(startBackoffice);
beforeEach(resetBackoffice);

const change = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('the IPO offerings', () => {
  it('lists offerings with phase and status; readers get no set-up actions', async () => {
    signIn('reviewer');
    backend.handlers['/ipo/offerings'] = () => ok(staffOfferings());
    renderAt('/ipo');
    expect((await screen.findByTestId('ipo-row-2')).textContent).toContain('시프트업');
    expect(screen.getByTestId('ipo-status-2').textContent).toBe('Draft');
    expect(screen.getByTestId('ipo-status-1').textContent).toBe('Published');
    expect(screen.queryByTestId('ipo-create')).toBeNull();
    expect(screen.queryByTestId('ipo-edit-2')).toBeNull();
    expect(screen.queryByTestId('ipo-publish-2')).toBeNull();
  });

  it('creates a draft checked by the contract, the schedule in order', async () => {
    signIn('operator');
    backend.handlers['/ipo/offerings'] = () => ok(staffOfferings([]));
    backend.handlers['/ipo/create'] = () => ok(staffOffering({ id: 9, name: '마루바이오' }));
    renderAt('/ipo');
    fireEvent.click(await screen.findByTestId('ipo-create'));
    await screen.findByTestId('ipo-form');
    change('ipo-symbol', '12345');
    change('ipo-name', '마루바이오');
    change('ipo-broker', '마루증권');
    change('ipo-offerPrice', '31000');
    change('ipo-sharesOffered', '1000000');
    change('ipo-equalShareBps', '4000');
    change('ipo-opensAt', '2026-12-02T09:00');
    change('ipo-closesAt', '2026-12-04T16:00');
    change('ipo-drawAt', '2026-12-03T10:00');
    change('ipo-paymentDeadline', '2026-12-08T16:00');
    change('ipo-listingAt', '2026-12-11T09:00');
    fireEvent.click(screen.getByTestId('ipo-save'));
    expect(await screen.findByTestId('ipo-drawAt-error')).toBeTruthy();
    expect(screen.getByTestId('ipo-drawAt-error').textContent).toContain('schedule');
    expect(screen.getByTestId('ipo-symbol-error')).toBeTruthy();
    expect(screen.getByTestId('ipo-equalShareBps-error')).toBeTruthy();
    expect(sentTo('/ipo/create')).toHaveLength(0);

    change('ipo-symbol', '123456');
    change('ipo-equalShareBps', '6000');
    change('ipo-drawAt', '2026-12-05T10:00');
    fireEvent.click(screen.getByTestId('ipo-save'));
    await waitFor(() => expect(sentTo('/ipo/create')).toHaveLength(1));
    expect(sentTo('/ipo/create')[0]).toEqual({
      symbol: '123456',
      name: '마루바이오',
      nameEn: '',
      market: 'KOSPI',
      broker: '마루증권',
      offerPrice: 31_000,
      sharesOffered: 1_000_000,
      minShares: 10,
      maxTimes: 1,
      minFunds: 0,
      depositPct: 50,
      equalShareBps: 6_000,
      opensAt: new Date('2026-12-02T09:00').toISOString(),
      closesAt: new Date('2026-12-04T16:00').toISOString(),
      drawAt: new Date('2026-12-05T10:00').toISOString(),
      paymentDeadline: new Date('2026-12-08T16:00').toISOString(),
      listingAt: new Date('2026-12-11T09:00').toISOString(),
    });
    await waitFor(() => expect(screen.queryByTestId('ipo-form')).toBeNull());
    expect(sentTo('/ipo/offerings')).toHaveLength(2);
  });

  it('edits a draft that has not opened, and publishes it after a confirmation', async () => {
    signIn('admin');
    backend.handlers['/ipo/offerings'] = () => ok(staffOfferings());
    backend.handlers['/ipo/update'] = (body) => ok(staffOffering({ ...body, name: '시프트업' }));
    backend.handlers['/ipo/publish'] = () => ok(staffOffering({ status: 'published' }));
    renderAt('/ipo');
    // The published offering has neither action.
    await screen.findByTestId('ipo-row-1');
    expect(screen.queryByTestId('ipo-edit-1')).toBeNull();
    expect(screen.queryByTestId('ipo-publish-1')).toBeNull();

    fireEvent.click(screen.getByTestId('ipo-edit-2'));
    await screen.findByTestId('ipo-form');
    expect(screen.getByTestId<HTMLInputElement>('ipo-symbol').value).toBe('462870');
    change('ipo-offerPrice', '65000');
    fireEvent.click(screen.getByTestId('ipo-save'));
    await waitFor(() => expect(sentTo('/ipo/update')).toHaveLength(1));
    expect(sentTo('/ipo/update')[0]).toMatchObject({ id: 2, offerPrice: 65_000, symbol: '462870' });

    fireEvent.click(await screen.findByTestId('ipo-publish-2'));
    expect(sentTo('/ipo/publish')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('ipo-publish-confirm-2'));
    await waitFor(() => expect(sentTo('/ipo/publish')).toEqual([{ id: 2 }]));
  });

  it('keeps the form when the server refuses', async () => {
    signIn('operator');
    backend.handlers['/ipo/offerings'] = () => ok(staffOfferings());
    backend.handlers['/ipo/update'] = () => refuse(409, 'ipo.already_open');
    renderAt('/ipo');
    fireEvent.click(await screen.findByTestId('ipo-edit-2'));
    fireEvent.click(await screen.findByTestId('ipo-save'));
    await waitFor(() => expect(sentTo('/ipo/update')).toHaveLength(1));
    expect(screen.getByTestId('ipo-form')).toBeTruthy();
  });
});

describe("an offering's detail", () => {
  it("shows the terms, subscriptions by state and the draw's report, re-computed", async () => {
    signIn('reviewer');
    backend.handlers['/ipo/offering'] = () => ok(staffOfferingDetail());
    renderAt('/ipo/detail?id=1');
    const check = await screen.findByTestId('ipo-draw-check');
    expect(check.getAttribute('data-ok')).toBe('true');
    expect(screen.getByTestId('ipo-state-won.pendingPayment').textContent).toContain(
      'Pending payment',
    );
    expect(screen.getByTestId('ipo-draw-totalAllotted').textContent).toBe('20');
    expect(screen.getByTestId('ipo-draw-equalPool').textContent).toBe('10');
    expect(screen.getByTestId('ipo-allocation-5e').textContent).toContain('3');
    expect(screen.getByTestId('ipo-field-seedHash').textContent).toMatch(/^9b31d3b7/);
  });

  it('says when a published draw does not match, and when there is none yet', async () => {
    signIn('admin');
    const draw = workedDraw([]);
    const allocations = draw.allocations.map((a) =>
      a.id === '7a' ? { ...a, proportional: 2, total: 4 } : a,
    );
    backend.handlers['/ipo/offering'] = () =>
      ok(staffOfferingDetail({ draw: { ...draw, allocations } }));
    renderAt('/ipo/detail?id=1');
    const check = await screen.findByTestId('ipo-draw-check');
    expect(check.getAttribute('data-ok')).toBe('false');
    expect(check.textContent).toContain('2 differences');
  });

  it('says there is no draw before the draw date', async () => {
    signIn('admin');
    backend.handlers['/ipo/offering'] = () =>
      ok(staffOfferingDetail({ offering: staffOffering(), byState: [], draw: null }));
    renderAt('/ipo/detail?id=2');
    expect(await screen.findByTestId('ipo-not-drawn')).toBeTruthy();
    expect(screen.getByTestId('ipo-by-state-empty')).toBeTruthy();
  });
});
