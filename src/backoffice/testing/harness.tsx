import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { AxiosHeaders } from 'axios';
import type { AxiosAdapter } from 'axios';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import type { StaffRole } from '../../../contract/schemas/staff';
import { createStaffClient, setStaffClient } from '../api';
import { boI18n, refusalText, startBackofficeI18n } from '../i18n';
import { BACKOFFICE_ROUTES } from '../router';
import { staffSession } from '../session';
import { backofficeSystem } from '../theme';

/**
 * The back office under test: the real router, theme, i18n and staff client, with the HTTP
 * adapter answering from `handlers` (by path) and recording what was sent.
 */
type Reply = { status: number; data: unknown };
/** Answers one path; a promise holds the answer back until the test settles it. */
export type Handler = (body: Record<string, unknown>) => Reply | Promise<Reply>;

export const backend = {
  handlers: {} as Record<string, Handler>,
  sent: [] as {
    path: string;
    body: Record<string, unknown>;
    token: unknown;
    /** The query string's parameters and a raw (non-JSON) body, for the binary uploads. */
    params?: unknown;
    raw?: unknown;
  }[],
  notify: vi.fn<(text: string) => void>(),
};

const adapter: AxiosAdapter = async (config) => {
  const path = config.url ?? '';
  const body = JSON.parse(typeof config.data === 'string' ? config.data : '{}') as Record<
    string,
    unknown
  >;
  backend.sent.push({
    path,
    body,
    token: config.headers.get('staff-token'),
    params: config.params as unknown,
    raw: typeof config.data === 'string' ? undefined : (config.data as unknown),
  });
  const handler = backend.handlers[path];
  const reply = handler
    ? await handler(body)
    : { status: 404, data: { status: 0, code: 'x', msg: 'no' } };
  return {
    data: reply.data,
    status: reply.status,
    statusText: '',
    headers: new AxiosHeaders(),
    config,
  };
};

export const ok = (data: unknown) => ({ status: 200, data: { status: 1, msg: '', data } });

export const refuse = (status: number, code: string, msg = '') => ({
  status,
  data: { status: 0, code, params: {}, msg },
});

/** Starts i18n (English) and the staff client; call once in `beforeAll`. */
export async function startBackoffice(): Promise<void> {
  await startBackofficeI18n('en');
  await boI18n.changeLanguage('en');
  setStaffClient(
    createStaffClient({
      token: () => staffSession.get().token,
      language: () => 'en',
      onUnauthorized: () => staffSession.signOut(),
      notify: backend.notify,
      translate: refusalText,
      adapter,
    }),
  );
}

/** Forgets the handlers, what was sent and the session; call in `beforeEach`. */
export function resetBackoffice(): void {
  backend.handlers = {};
  backend.sent.length = 0;
  backend.notify.mockClear();
  staffSession.signOut();
}

export function signIn(role: StaffRole, account = `${role}1`): void {
  staffSession.setPending('tok');
  staffSession.setMe({ id: 1, account, role, mustChangePassword: false });
}

export function renderAt(path: string) {
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

/** The bodies sent to a path, in order. */
export const sentTo = (path: string) =>
  backend.sent.filter((s) => s.path === path).map((s) => s.body);
