import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { KycStatusDto } from '../../contract/schemas/kyc';
import { renderWithApp } from '../testing/renderWithApp';
import AuthInfoScreen from './AuthInfoScreen';

/**
 * JSON calls are stubbed at `call`; the photo upload goes through a real axios instance built by
 * `createApiClient` with a fake adapter, so `onUploadProgress` is driven like the browser does.
 */
const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../api/calls', () => ({ call: api.call }));

const upload = vi.hoisted(() => ({
  requests: [] as InternalAxiosRequestConfig[],
  /** Resolves the pending upload with the photo id. */
  finish: null as null | ((photoId: string) => void),
}));
vi.mock('../api/client', async () => {
  const { createApiClient } = await import('../api/createApiClient');
  const adapter: AxiosAdapter = (config) =>
    new Promise((resolve) => {
      upload.requests.push(config);
      config.onUploadProgress?.({ loaded: 50, total: 100, bytes: 50, lengthComputable: true });
      upload.finish = (photoId) => {
        config.onUploadProgress?.({ loaded: 100, total: 100, bytes: 50, lengthComputable: true });
        resolve({
          data: {
            status: 1,
            data: { photoId, side: (config.params as { side: string }).side, width: 8, height: 5 },
          },
          status: 200,
          statusText: 'OK',
          headers: {},
          config,
        });
      };
    });
  return {
    apiClient: createApiClient({
      session: () => ({ token: 't', account: 'a', language: 'kor' }),
      endSession: () => undefined,
      notify: () => undefined,
      navigate: () => undefined,
      translate: (code) => String(code),
      adapter,
    }),
  };
});

const status = (over: Partial<KycStatusDto>): KycStatusDto => ({
  state: 'unverified',
  rejectionReason: null,
  submissions: 0,
  realName: null,
  idNumber: null,
  frontPhotoId: null,
  backPhotoId: null,
  version: 0,
  accepts: ['kyc.submit'],
  ...over,
});

const input = (name: string) => {
  const element = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!element) throw new Error(`no input named ${name}`);
  return element;
};
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const jpeg = (name = 'id.jpg', size = 1000) =>
  new File([new Uint8Array(size)], name, { type: 'image/jpeg' });
const pick = (side: 'front' | 'back', file: File) =>
  fireEvent.change(screen.getByTestId(`kyc-${side}-file`), { target: { files: [file] } });

async function show(answer: KycStatusDto) {
  api.call.mockImplementation((name: string) =>
    name === 'kycStatus' ? Promise.resolve(answer) : Promise.reject(new Error(name)),
  );
  await renderWithApp(<AuthInfoScreen />, { path: '/information/authInfo' });
  return screen.findByTestId('kyc-state');
}

beforeEach(() => {
  api.call.mockReset();
  upload.requests = [];
  upload.finish = null;
});

describe('the real-name verification screen', () => {
  it('shows a loading state, then the unverified form with real file inputs', async () => {
    api.call.mockReturnValue(new Promise(() => undefined));
    const view = await renderWithApp(<AuthInfoScreen />);
    expect(screen.getByTestId('kyc-loading')).toBeTruthy();
    view.unmount();

    const state = await show(status({}));
    expect(state.getAttribute('data-state')).toBe('unverified');
    expect(state.textContent).toContain('미인증');
    for (const side of ['front', 'back'] as const) {
      const file = screen.getByTestId<HTMLInputElement>(`kyc-${side}-file`);
      expect(file.tagName).toBe('INPUT');
      expect(file.type).toBe('file');
      expect(file.accept).toBe('image/jpeg,image/png');
    }
    expect(input('realName')).toBeTruthy();
    expect(input('idNumber')).toBeTruthy();
    expect(screen.getByTestId('kyc-submit')).toBeTruthy();
    expect(screen.queryByTestId('kyc-reason')).toBeNull();
  });

  it('shows the error state and retries', async () => {
    api.call.mockRejectedValueOnce(new Error('down'));
    await renderWithApp(<AuthInfoScreen />);
    const retry = (await screen.findByTestId('kyc-error')).querySelector('button');
    api.call.mockResolvedValueOnce(status({ state: 'passed', accepts: [] }));
    fireEvent.click(retry!);
    expect((await screen.findByTestId('kyc-state')).getAttribute('data-state')).toBe('passed');
  });

  it('shows the reviewer reason after a rejection and offers the form again, prefilled', async () => {
    const state = await show(
      status({
        state: 'rejected',
        rejectionReason: '사진이 흐립니다',
        submissions: 1,
        realName: '홍길동',
        idNumber: '900101-1',
        accepts: ['kyc.submit'],
      }),
    );
    expect(state.getAttribute('data-state')).toBe('rejected');
    expect(screen.getByTestId('kyc-reason').textContent).toBe('사진이 흐립니다');
    expect(input('realName').value).toBe('홍길동');
    expect(input('idNumber').value).toBe('900101-1');
    expect(screen.getByText('다시 제출하기')).toBeTruthy();
  });

  it('under review: a read-only summary, no form', async () => {
    const state = await show(
      status({
        state: 'under_review',
        submissions: 1,
        realName: '홍길동',
        idNumber: '900101-1',
        frontPhotoId: 'f',
        backPhotoId: 'b',
        accepts: [],
      }),
    );
    expect(state.getAttribute('data-state')).toBe('under_review');
    expect(screen.getByTestId('kyc-summary-name').textContent).toBe('홍길동');
    expect(screen.getByTestId('kyc-summary-id').textContent).toBe('900101-1');
    expect(screen.queryByTestId('kyc-submit')).toBeNull();
    expect(document.querySelector('input')).toBeNull();
  });

  it('shows the schema errors, translated, for an empty or wrong form', async () => {
    await show(status({}));
    fireEvent.click(screen.getByTestId('kyc-submit'));
    expect((await screen.findByTestId('error-realName')).textContent).toBe(
      '실명을(를) 입력하세요.',
    );
    expect(screen.getByTestId('kyc-front-error').textContent).toBe('신분증 앞면을(를) 입력하세요.');
    type('realName', 'X');
    type('idNumber', '901301-1');
    await waitFor(() =>
      expect(screen.getByTestId('error-idNumber').textContent).toBe(
        '주민등록번호 앞 6자리(생년월일)와 뒤 첫 자리를 입력하세요. 예: 900101-1',
      ),
    );
    expect(screen.getByTestId('error-realName').textContent).toBe(
      '실명은 2~50자의 문자로 입력하세요.',
    );
    expect(api.call).not.toHaveBeenCalledWith('kycSubmit', expect.anything());
  });

  it('refuses a photo over 10 MB or of another type before uploading', async () => {
    await show(status({}));
    pick('front', jpeg('big.jpg', 10 * 1024 * 1024 + 1));
    expect(screen.getByTestId('kyc-front-error').textContent).toBe(
      '사진이 너무 큽니다. 10MB 이하의 사진을 선택하세요.',
    );
    pick('back', new File(['gif'], 'x.gif', { type: 'image/gif' }));
    expect(screen.getByTestId('kyc-back-error').textContent).toBe(
      'JPEG 또는 PNG 사진을 선택하세요.',
    );
    expect(upload.requests).toHaveLength(0);
  });

  it('uploads each photo as raw bytes with a progress bar, then submits and shows under review', async () => {
    await show(status({}));
    const front = jpeg('front.jpg');
    pick('front', front);
    const bar = await screen.findByTestId('kyc-front-progress');
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    expect(upload.requests).toHaveLength(1);
    const [request] = upload.requests;
    expect(request?.url).toBe('/kyc/upload');
    expect(request?.params).toEqual({ side: 'front' });
    expect(request?.data).toBe(front);
    expect(request?.headers['Content-Type']).toBe('application/octet-stream');
    expect(request?.headers.get('token')).toBeDefined();
    upload.finish?.('photo-front');
    await screen.findByTestId('kyc-front-done');
    expect(screen.getByTestId('kyc-front-progress').getAttribute('aria-valuenow')).toBe('100');

    pick('back', jpeg('back.jpg'));
    await waitFor(() => expect(upload.requests).toHaveLength(2));
    upload.finish?.('photo-back');
    await screen.findByTestId('kyc-back-done');

    type('realName', '홍길동');
    type('idNumber', '900101-1');
    api.call.mockResolvedValueOnce(
      status({
        state: 'under_review',
        submissions: 1,
        realName: '홍길동',
        idNumber: '900101-1',
        accepts: [],
      }),
    );
    fireEvent.click(screen.getByTestId('kyc-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('kyc-state').getAttribute('data-state')).toBe('under_review'),
    );
    expect(api.call).toHaveBeenCalledWith('kycSubmit', {
      realName: '홍길동',
      idNumber: '900101-1',
      frontPhotoId: 'photo-front',
      backPhotoId: 'photo-back',
    });
    expect(screen.queryByTestId('kyc-submit')).toBeNull();
  });
});
