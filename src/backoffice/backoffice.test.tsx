import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AxiosHeaders } from 'axios';
import type { AxiosAdapter } from 'axios';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffRole } from '../../contract/schemas/staff';
import { createStaffClient, setStaffClient } from './api';
import { boI18n, refusalText, startBackofficeI18n } from './i18n';
import { BACKOFFICE_ROUTES } from './router';
import { navFor } from './roles';
import { staffSession } from './session';
import { backofficeSystem } from './theme';

type Handler = (body: Record<string, unknown>) => { status: number; data: unknown };

let handlers: Record<string, Handler> = {};
const sent: { path: string; body: Record<string, unknown>; token: unknown }[] = [];
const notify = vi.fn<(text: string) => void>();

const adapter: AxiosAdapter = (config) => {
  const path = config.url ?? '';
  const body = JSON.parse(typeof config.data === 'string' ? config.data : '{}') as Record<
    string,
    unknown
  >;
  sent.push({ path, body, token: config.headers.get('staff-token') });
  const handler = handlers[path];
  const reply = handler
    ? handler(body)
    : { status: 404, data: { status: 0, code: 'x', msg: 'no' } };
  return Promise.resolve({
    data: reply.data,
    status: reply.status,
    statusText: '',
    headers: new AxiosHeaders(),
    config,
  });
};

const ok = (data: unknown) => ({ status: 200, data: { status: 1, msg: '', data } });

function signIn(role: StaffRole) {
  staffSession.setPending('tok');
  staffSession.setMe({ id: 1, account: `${role}1`, role, mustChangePassword: false });
}

function renderAt(path: string) {
  const router = createMemoryRouter(BACKOFFICE_ROUTES, { initialEntries: [path] });
  render(
    <ChakraProvider value={backofficeSystem}>
      <I18nextProvider i18n={boI18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </ChakraProvider>,
  );
  return router;
}

const detail = (state: string, version: number) => ({
  customerId: 7,
  account: 'hong',
  state,
  version,
  submissions: 1,
  rejectionReason: null,
  realName: '홍길동',
  idNumber: '900101-1',
  front: { photoId: 'f', mime: 'image/jpeg', data: 'AAAA' },
  back: { photoId: 'b', mime: 'image/jpeg', data: 'BBBB' },
});

beforeAll(async () => {
  await startBackofficeI18n('en');
  setStaffClient(
    createStaffClient({
      token: () => staffSession.get().token,
      language: () => 'en',
      onUnauthorized: () => staffSession.signOut(),
      notify,
      translate: refusalText,
      adapter,
    }),
  );
});

beforeEach(() => {
  handlers = {};
  sent.length = 0;
  notify.mockClear();
  staffSession.signOut();
});

describe('role-based navigation', () => {
  it('follows the contract: reviewers review, operators operate, admins see everything', () => {
    expect(navFor('reviewer').map((i) => i.id)).toEqual(['kyc']);
    expect(navFor('operator').map((i) => i.id)).toEqual(['customers', 'institutions', 'jobs']);
    expect(navFor('admin').map((i) => i.id)).toEqual([
      'kyc',
      'customers',
      'institutions',
      'jobs',
      'audit',
      'settings',
      'staff',
    ]);
    expect(navFor(undefined)).toEqual([]);
  });

  it('shows an operator only their items and opens their first screen', async () => {
    signIn('operator');
    handlers['/customers/search'] = () => ok({ items: [], page: 1, pageSize: 20, total: 0 });
    const router = renderAt('/');
    await screen.findByTestId('nav-customers');
    expect(screen.getByTestId('nav-institutions')).toBeTruthy();
    expect(screen.getByTestId('nav-jobs')).toBeTruthy();
    for (const hidden of ['nav-kyc', 'nav-audit', 'nav-settings', 'nav-staff']) {
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
  it('approves with the version seen and shows the new state', async () => {
    signIn('reviewer');
    let state = 'under_review';
    handlers['/kyc/detail'] = () => ok(detail(state, state === 'passed' ? 4 : 3));
    handlers['/kyc/approve'] = () => {
      state = 'passed';
      return ok({ state, version: 4 });
    };
    renderAt('/kyc/7');
    fireEvent.click(await screen.findByTestId('kyc-approve'));
    await waitFor(() =>
      expect(screen.getByTestId('kyc-detail-state').getAttribute('data-state')).toBe('passed'),
    );
    const approve = sent.find((s) => s.path === '/kyc/approve');
    expect(approve?.body).toEqual({ customerId: 7, version: 3 });
    expect(approve?.token).toBe('tok');
    expect(screen.getAllByTestId('kyc-photo')).toHaveLength(2);
    expect(screen.queryByTestId('kyc-approve')).toBeNull();
  });

  it('asks for a reason before rejecting, and sends it', async () => {
    signIn('reviewer');
    let state = 'under_review';
    handlers['/kyc/detail'] = () => ok(detail(state, 3));
    handlers['/kyc/reject'] = () => {
      state = 'rejected';
      return ok({ state, version: 4 });
    };
    renderAt('/kyc/7');
    fireEvent.click(await screen.findByTestId('kyc-reject'));
    fireEvent.click(await screen.findByTestId('reject-confirm'));
    await screen.findByText('Please enter a reason.');
    expect(sent.some((s) => s.path === '/kyc/reject')).toBe(false);
    fireEvent.change(screen.getByTestId('reject-reason'), {
      target: { value: 'Blurred photo' },
    });
    act(() => {
      fireEvent.click(screen.getByTestId('reject-confirm'));
    });
    await waitFor(() =>
      expect(screen.getByTestId('kyc-detail-state').getAttribute('data-state')).toBe('rejected'),
    );
    expect(sent.find((s) => s.path === '/kyc/reject')?.body).toEqual({
      customerId: 7,
      version: 3,
      reason: 'Blurred photo',
    });
  });

  it('shows a conflict clearly, toasts the server text, and reloads the case', async () => {
    signIn('reviewer');
    let detailCalls = 0;
    handlers['/kyc/detail'] = () => {
      detailCalls += 1;
      return ok(detail(detailCalls === 1 ? 'under_review' : 'rejected', detailCalls + 2));
    };
    handlers['/kyc/approve'] = () => ({
      status: 409,
      data: { status: 0, code: 'lifecycle.conflict', params: {}, msg: 'Changed meanwhile.' },
    });
    renderAt('/kyc/7');
    fireEvent.click(await screen.findByTestId('kyc-approve'));
    await screen.findByTestId('kyc-conflict');
    expect(notify).toHaveBeenCalledWith('Changed meanwhile.');
    fireEvent.click(screen.getByTestId('kyc-conflict-reload'));
    await waitFor(() =>
      expect(screen.getByTestId('kyc-detail-state').getAttribute('data-state')).toBe('rejected'),
    );
    expect(screen.queryByTestId('kyc-conflict')).toBeNull();
  });

  it('goes back to sign-in when the session has died (401)', async () => {
    signIn('reviewer');
    handlers['/kyc/detail'] = () => ({
      status: 401,
      data: { status: 0, code: 'auth.required', params: {}, msg: 'Please sign in.' },
    });
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
    handlers['/jobs/list'] = () =>
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
    handlers['/jobs/retry'] = (body) => {
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
    expect(sent.find((s) => s.path === '/jobs/retry')?.body).toEqual({ id: 1 });
    expect(screen.getByTestId('job-status-1').textContent).toBe('Due now');
    expect(screen.queryByTestId('job-retry-1')).toBeNull();
  });

  it('filters by status and entity type', async () => {
    signIn('admin');
    handlers['/jobs/list'] = () => ok({ items: [], page: 1, pageSize: 20, total: 0 });
    renderAt('/jobs?status=failed');
    await screen.findByText('Nothing to show');
    expect(sent.find((s) => s.path === '/jobs/list')?.body).toEqual({
      status: 'failed',
      page: 1,
      pageSize: 20,
    });
    fireEvent.change(screen.getByTestId('jobs-type-filter'), { target: { value: 'account' } });
    await waitFor(() =>
      expect(sent.filter((s) => s.path === '/jobs/list').at(-1)?.body).toEqual({
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
    handlers['/jobs/list'] = () =>
      fail
        ? { status: 500, data: { status: 0, code: 'system.busy', params: {}, msg: 'Busy.' } }
        : ok({ items: [job(4, 'done')], page: 1, pageSize: 20, total: 1 });
    renderAt('/jobs');
    await screen.findByText('Could not load. Please try again.');
    expect(notify).toHaveBeenCalledWith('Busy.');
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
    handlers['/kyc/queue'] = () =>
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
    handlers['/settings/get'] = () =>
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
    handlers['/settings/set'] = (body) => {
      value = Number(body.value);
      return ok({});
    };
    renderAt('/settings');
    const input = await screen.findByTestId('setting-input-kyc.reviewHours');
    expect(screen.getByText('KYC review time')).toBeTruthy();
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('setting-save-kyc.reviewHours'));
    await screen.findByText('The value of KYC review time is not valid.');
    expect(sent.some((s) => s.path === '/settings/set')).toBe(false);
    fireEvent.change(input, { target: { value: '48' } });
    fireEvent.click(screen.getByTestId('setting-save-kyc.reviewHours'));
    await screen.findByText(/Set by admin1/);
    expect(sent.find((s) => s.path === '/settings/set')?.body).toEqual({
      key: 'kyc.reviewHours',
      value: 48,
    });
  });
});
