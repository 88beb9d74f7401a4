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

/** Fills the details step with valid values and goes on to the photos. */
async function toPhotos() {
  type('realName', '홍길동');
  type('idNumber', '900101-1');
  fireEvent.click(screen.getByTestId('kyc-details-next'));
  await screen.findByTestId('kyc-front-file');
}

/** Uploads both photos (answering each upload) and goes on to the review. */
async function toReview() {
  await toPhotos();
  pick('front', jpeg('front.jpg'));
  await waitFor(() => expect(upload.requests).toHaveLength(1));
  upload.finish?.('photo-front');
  await screen.findByTestId('kyc-front-done');
  pick('back', jpeg('back.jpg'));
  await waitFor(() => expect(upload.requests).toHaveLength(2));
  upload.finish?.('photo-back');
  await screen.findByTestId('kyc-back-done');
  fireEvent.click(screen.getByTestId('kyc-photos-next'));
  await screen.findByTestId('kyc-review');
}

describe('the real-name verification screen', () => {
  it('shows a loading state, then the first step of the form when kyc.submit is accepted', async () => {
    api.call.mockReturnValue(new Promise(() => undefined));
    const view = await renderWithApp(<AuthInfoScreen />);
    expect(screen.getByTestId('kyc-loading')).toBeTruthy();
    view.unmount();

    const state = await show(status({}));
    expect(state.getAttribute('data-state')).toBe('unverified');
    // The words of the lifecycle pack for the state, not a list of the screen's own.
    expect(screen.getByTestId('kyc-state-label').textContent).toBe('미제출');
    expect(screen.getByTestId('kyc-steps').getAttribute('data-step')).toBe('details');
    expect(screen.getByText('1/3 단계')).toBeTruthy();
    expect(input('realName')).toBeTruthy();
    expect(input('idNumber')).toBeTruthy();
    expect(screen.getByText('본인 정보 입력')).toBeTruthy();
    expect(screen.queryByTestId('kyc-front-file')).toBeNull();
    expect(screen.queryByTestId('kyc-reason')).toBeNull();
  });

  it('shows the summary, not the form, when the status does not accept kyc.submit', async () => {
    // The same state with kyc.submit accepted or not: the screen follows `accepts` alone.
    await show(
      status({ state: 'rejected', realName: '홍길동', idNumber: '900101-1', accepts: [] }),
    );
    expect(screen.getByTestId('kyc-summary-name').textContent).toBe('홍길동');
    expect(screen.queryByTestId('kyc-flow')).toBeNull();
  });

  it('shows the error state and retries', async () => {
    api.call.mockRejectedValueOnce(new Error('down'));
    await renderWithApp(<AuthInfoScreen />);
    const retry = (await screen.findByTestId('kyc-error')).querySelector('button');
    api.call.mockResolvedValueOnce(status({ state: 'passed', accepts: [] }));
    fireEvent.click(retry!);
    expect((await screen.findByTestId('kyc-state')).getAttribute('data-state')).toBe('passed');
    expect(screen.getByTestId('kyc-state-label').textContent).toBe('인증 완료');
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
    expect(screen.getByTestId('kyc-state-label').textContent).toBe('반려');
    expect(screen.getByTestId('kyc-reason').textContent).toBe('사진이 흐립니다');
    expect(input('realName').value).toBe('홍길동');
    expect(input('idNumber').value).toBe('900101-1');
    expect(screen.getByText('다시 제출하기')).toBeTruthy();
  });

  it('under review, even overdue: "under review" to the customer, a read-only summary, no form', async () => {
    const state = await show(
      status({
        state: 'under_review.overdue',
        submissions: 1,
        realName: '홍길동',
        idNumber: '900101-1',
        frontPhotoId: 'f',
        backPhotoId: 'b',
        accepts: [],
      }),
    );
    expect(state.getAttribute('data-state')).toBe('under_review.overdue');
    expect(screen.getByTestId('kyc-state-label').textContent).toBe('심사 중');
    expect(state.textContent).not.toContain('기한');
    expect(screen.getByTestId('kyc-summary-name').textContent).toBe('홍길동');
    expect(screen.getByTestId('kyc-summary-id').textContent).toBe('900101-1');
    expect(screen.queryByTestId('kyc-submit')).toBeNull();
    expect(document.querySelector('input')).toBeNull();
  });

  it('shows the schema errors, translated, and asks for both photos before the review', async () => {
    await show(status({}));
    fireEvent.click(screen.getByTestId('kyc-details-next'));
    expect((await screen.findByTestId('error-realName')).textContent).toBe('실명을 입력하세요.');
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
    expect(screen.getByTestId('kyc-steps').getAttribute('data-step')).toBe('details');

    await toPhotos();
    expect(screen.getByTestId('kyc-steps').getAttribute('data-step')).toBe('photos');
    expect(screen.queryByTestId('kyc-front-error')).toBeNull();
    fireEvent.click(screen.getByTestId('kyc-photos-next'));
    expect((await screen.findByTestId('kyc-front-error')).textContent).toBe(
      '신분증 앞면을 입력하세요.',
    );
    expect(screen.getByTestId('kyc-back-error').textContent).toBe('신분증 뒷면을 입력하세요.');
    expect(screen.queryByTestId('kyc-review')).toBeNull();

    // Back keeps what was typed.
    fireEvent.click(screen.getByTestId('kyc-photos-back'));
    await waitFor(() => expect(input('realName').value).toBe('홍길동'));
    expect(api.call).not.toHaveBeenCalledWith('kycSubmit', expect.anything());
  });

  it('refuses a photo over 10 MB or of another type before uploading', async () => {
    await show(status({}));
    await toPhotos();
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

  it('uploads each photo as raw bytes with a progress bar, reviews, submits and shows under review', async () => {
    await show(status({}));
    await toPhotos();
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
    // Still uploading: going on is refused, with the reason beside the photo.
    fireEvent.click(screen.getByTestId('kyc-photos-next'));
    expect((await screen.findByTestId('kyc-front-error')).textContent).toBe(
      '사진을 올리는 중입니다. 잠시 기다려 주세요.',
    );
    upload.finish?.('photo-front');
    await screen.findByTestId('kyc-front-done');
    expect(screen.getByTestId('kyc-front-progress').getAttribute('aria-valuenow')).toBe('100');

    pick('back', jpeg('back.jpg'));
    await waitFor(() => expect(upload.requests).toHaveLength(2));
    upload.finish?.('photo-back');
    await screen.findByTestId('kyc-back-done');
    fireEvent.click(screen.getByTestId('kyc-photos-next'));

    await screen.findByTestId('kyc-review');
    expect(screen.getByTestId('kyc-steps').getAttribute('data-step')).toBe('review');
    expect(screen.getByTestId('kyc-review-name').textContent).toBe('홍길동');
    expect(screen.getByTestId('kyc-review-id').textContent).toBe('900101-1');

    let answer: (value: KycStatusDto) => void = () => undefined;
    api.call.mockReturnValueOnce(new Promise<KycStatusDto>((resolve) => (answer = resolve)));
    fireEvent.click(screen.getByTestId('kyc-submit'));
    // Submitting: the button shows it and cannot be pressed twice.
    await waitFor(() =>
      expect(screen.getByTestId<HTMLButtonElement>('kyc-submit').disabled).toBe(true),
    );
    expect(api.call).toHaveBeenCalledWith('kycSubmit', {
      realName: '홍길동',
      idNumber: '900101-1',
      frontPhotoId: 'photo-front',
      backPhotoId: 'photo-back',
    });
    answer(
      status({
        state: 'under_review.waiting',
        submissions: 1,
        realName: '홍길동',
        idNumber: '900101-1',
        accepts: [],
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('kyc-state').getAttribute('data-state')).toBe(
        'under_review.waiting',
      ),
    );
    expect(screen.getByTestId('kyc-state-label').textContent).toBe('심사 중');
    expect(screen.queryByTestId('kyc-submit')).toBeNull();
    expect(screen.getByTestId('kyc-summary-id').textContent).toBe('900101-1');
  });

  it('shows a refused submission with its reason and goes back to fix it', async () => {
    await show(status({}));
    await toReview();
    const { ApiError } = await import('../api/ApiError');
    api.call.mockRejectedValueOnce(new ApiError('kyc.invalid_id_number', {}, 'refused', 400));
    fireEvent.click(screen.getByTestId('kyc-submit'));
    const refusal = await screen.findByTestId('kyc-refusal');
    expect(refusal.getAttribute('data-code')).toBe('kyc.invalid_id_number');
    expect(screen.getByTestId('kyc-refusal-text').textContent).toBe(
      '주민등록번호 앞 6자리(생년월일)와 뒤 첫 자리를 입력하세요. 예: 900101-1',
    );
    fireEvent.click(screen.getByTestId('kyc-refusal-edit'));
    await waitFor(() => expect(input('idNumber').value).toBe('900101-1'));
    expect(screen.getByTestId('kyc-steps').getAttribute('data-step')).toBe('details');
    expect(screen.queryByTestId('kyc-refusal')).toBeNull();
  });

  it('sends the customer back to the photos when the server no longer has them', async () => {
    await show(status({}));
    await toReview();
    const { ApiError } = await import('../api/ApiError');
    api.call.mockRejectedValueOnce(new ApiError('kyc.photo_not_found', {}, 'gone', 400));
    fireEvent.click(screen.getByTestId('kyc-submit'));
    fireEvent.click(await screen.findByTestId('kyc-refusal-edit'));
    await screen.findByTestId('kyc-front-file');
    expect(screen.queryByTestId('kyc-front-done')).toBeNull();
    expect(screen.queryByTestId('kyc-back-done')).toBeNull();
  });
});
