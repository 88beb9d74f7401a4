import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { KycStatusDto, KycSubmitRequest } from '../../contract/schemas/kyc';
import { KYC_PHOTO_MAX_BYTES, kycSubmitRequest } from '../../contract/schemas/kyc';
import { invocationsAsEvents } from './graph-model';
import { kycSubmissionMachine, submissionRequest } from './kyc-submission';
import type { KycSubmissionEvent, UploadInput } from './kyc-submission';

type Snapshot = SnapshotFrom<typeof kycSubmissionMachine>;

const underReview: KycStatusDto = {
  state: 'under_review.waiting',
  version: 1,
  accepts: [],
  rejectionReason: null,
  submissions: 1,
  realName: '홍길동',
  idNumber: '900101-1',
  frontPhotoId: 'pf',
  backPhotoId: 'pb',
};

const jpeg = (size = 1000) => new Blob([new Uint8Array(size)], { type: 'image/jpeg' });

/** A running flow whose uploads and submission the test answers by hand. */
function startFlow(input = {}) {
  const uploads: { input: UploadInput; send: (event: AnyEventObject) => void; stopped: boolean }[] =
    [];
  const submissions: {
    request: KycSubmitRequest;
    resolve: (s: KycStatusDto) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const machine = kycSubmissionMachine.provide({
    actors: {
      upload: fromCallback<AnyEventObject, UploadInput>(({ input: upload, sendBack }) => {
        const entry = { input: upload, send: sendBack, stopped: false };
        uploads.push(entry);
        return () => {
          entry.stopped = true;
        };
      }),
      submit: fromPromise<KycStatusDto, KycSubmitRequest>(
        ({ input: request }) =>
          new Promise((resolve, reject) => submissions.push({ request, resolve, reject })),
      ),
    },
  });
  const actor = createActor(machine, { input }).start();
  const submitted = vi.fn();
  actor.on('submitted', submitted);
  const send = (event: KycSubmissionEvent) => actor.send(event);
  const at = () => actor.getSnapshot();
  return { actor, send, at, uploads, submissions, submitted };
}

/** Details, both photos uploaded: the flow on its review step. */
function toReview() {
  const flow = startFlow();
  flow.send({ type: 'details.next', realName: ' 홍길동 ', idNumber: '900101-1' });
  flow.send({ type: 'photo.pick', side: 'front', file: jpeg() });
  flow.send({ type: 'photo.pick', side: 'back', file: jpeg() });
  flow.uploads[0]?.send({ type: 'upload.done', side: 'front', photoId: 'pf' });
  flow.uploads[1]?.send({ type: 'upload.done', side: 'back', photoId: 'pb' });
  flow.send({ type: 'photos.next' });
  expect(flow.at().matches({ editing: { step: 'review' } })).toBe(true);
  return flow;
}

describe('the KYC submission flow', () => {
  it('starts on the details step, prefilled from the last submission', () => {
    const { at } = startFlow({ realName: '홍길동', idNumber: '900101-1' });
    expect(at().matches({ editing: { step: 'details', front: 'empty', back: 'empty' } })).toBe(
      true,
    );
    expect(at().context).toMatchObject({ realName: '홍길동', idNumber: '900101-1' });
  });

  it('goes on from the details only when the contract schema takes them, trimmed', () => {
    const { send, at } = startFlow();
    send({ type: 'details.next', realName: 'X', idNumber: '900101-1' });
    send({ type: 'details.next', realName: '홍길동', idNumber: '901301-1' });
    expect(at().matches({ editing: { step: 'details' } })).toBe(true);
    send({ type: 'details.next', realName: '  홍길동 ', idNumber: '900101-1 ' });
    expect(at().matches({ editing: { step: 'photos' } })).toBe(true);
    expect(at().context).toMatchObject({ realName: '홍길동', idNumber: '900101-1' });
    send({ type: 'step.back' });
    expect(at().matches({ editing: { step: 'details' } })).toBe(true);
  });

  it('refuses a photo of another type or over the size before uploading', () => {
    const { send, at, uploads } = startFlow();
    send({ type: 'details.next', realName: '홍길동', idNumber: '900101-1' });
    send({ type: 'photo.pick', side: 'front', file: new Blob(['gif'], { type: 'image/gif' }) });
    send({ type: 'photo.pick', side: 'back', file: jpeg(KYC_PHOTO_MAX_BYTES + 1) });
    expect(at().matches({ editing: { front: 'invalid', back: 'invalid' } })).toBe(true);
    expect(at().context.photos.front.problem).toEqual({ kind: 'wrongType' });
    expect(at().context.photos.back.problem).toEqual({
      kind: 'tooLarge',
      maxBytes: KYC_PHOTO_MAX_BYTES,
    });
    expect(uploads).toHaveLength(0);
  });

  it('uploads each photo with its progress, and a refused upload says why', () => {
    const { send, at, uploads } = startFlow();
    send({ type: 'details.next', realName: '홍길동', idNumber: '900101-1' });
    const front = jpeg();
    send({ type: 'photo.pick', side: 'front', file: front });
    expect(at().matches({ editing: { front: 'uploading', back: 'empty' } })).toBe(true);
    expect(uploads[0]?.input).toEqual({ side: 'front', file: front });
    uploads[0]?.send({ type: 'upload.progress', side: 'front', fraction: 0.5 });
    // A progress of the other side is not this one's.
    uploads[0]?.send({ type: 'upload.progress', side: 'back', fraction: 0.9 });
    expect(at().context.photos.front.progress).toBe(0.5);
    expect(at().context.photos.back.progress).toBe(0);
    uploads[0]?.send({ type: 'upload.done', side: 'front', photoId: 'pf' });
    expect(at().matches({ editing: { front: 'uploaded' } })).toBe(true);
    expect(at().context.photos.front).toEqual({ photoId: 'pf', progress: 1, problem: null });

    send({ type: 'photo.pick', side: 'back', file: jpeg() });
    uploads[1]?.send({
      type: 'upload.failed',
      side: 'back',
      error: { code: 'upload.unreadable', params: {} },
    });
    expect(at().matches({ editing: { back: 'failed' } })).toBe(true);
    expect(at().context.photos.back.problem).toEqual({
      kind: 'refused',
      refusal: { code: 'upload.unreadable', params: {} },
    });
  });

  it('picking again stops the running upload and starts a new one', () => {
    const { send, at, uploads } = startFlow();
    send({ type: 'details.next', realName: '홍길동', idNumber: '900101-1' });
    send({ type: 'photo.pick', side: 'front', file: jpeg() });
    uploads[0]?.send({ type: 'upload.progress', side: 'front', fraction: 0.7 });
    send({ type: 'photo.pick', side: 'front', file: jpeg(2000) });
    expect(uploads).toHaveLength(2);
    expect(uploads[0]?.stopped).toBe(true);
    expect(uploads[1]?.stopped).toBe(false);
    expect(at().context.photos.front.progress).toBe(0);
  });

  it('asks for both photos before the review, and shows that it asked', () => {
    const { send, at, uploads } = startFlow();
    send({ type: 'details.next', realName: '홍길동', idNumber: '900101-1' });
    send({ type: 'photos.next' });
    expect(at().matches({ editing: { step: 'photos' } })).toBe(true);
    expect(at().context.photosAttempted).toBe(true);
    send({ type: 'photo.pick', side: 'front', file: jpeg() });
    uploads[0]?.send({ type: 'upload.done', side: 'front', photoId: 'pf' });
    send({ type: 'photos.next' });
    expect(at().matches({ editing: { step: 'photos' } })).toBe(true);
  });

  it('takes no photo outside the photos step', () => {
    const { send, at, uploads } = toReview();
    send({ type: 'photo.pick', side: 'front', file: jpeg() });
    expect(uploads).toHaveLength(2);
    expect(at().context.photos.front.photoId).toBe('pf');
  });

  it('submits the reviewed request and is done with the new status', async () => {
    const { send, at, submissions, submitted } = toReview();
    send({ type: 'step.edit', step: 'details' });
    expect(at().matches({ editing: { step: 'details', front: 'uploaded' } })).toBe(true);
    send({ type: 'details.next', realName: '홍길동', idNumber: '900101-1' });
    send({ type: 'photos.next' });
    send({ type: 'submit' });
    expect(at().matches({ editing: { step: 'submitting' } })).toBe(true);
    expect(submissions[0]?.request).toEqual({
      realName: '홍길동',
      idNumber: '900101-1',
      frontPhotoId: 'pf',
      backPhotoId: 'pb',
    });
    submissions[0]?.resolve(underReview);
    await vi.waitFor(() => expect(at().matches('done')).toBe(true));
    expect(at().status).toBe('done');
    expect(at().context.result).toEqual(underReview);
    expect(submitted).toHaveBeenCalledWith({ type: 'submitted', status: underReview });
  });

  it('shows a refusal with its code and params, and goes back to the details to fix it', async () => {
    const { send, at, submissions } = toReview();
    send({ type: 'submit' });
    submissions[0]?.reject({ code: 'kyc.invalid_name', params: { field: 'realName' } });
    await vi.waitFor(() => expect(at().matches({ editing: { step: 'refused' } })).toBe(true));
    expect(at().context.refusal).toEqual({
      code: 'kyc.invalid_name',
      params: { field: 'realName' },
    });
    send({ type: 'edit' });
    expect(at().matches({ editing: { step: 'details', front: 'uploaded' } })).toBe(true);
    expect(at().context.photos.front.photoId).toBe('pf');
  });

  it('sends the customer back to the photos when the server no longer has them', async () => {
    const { send, at, submissions } = toReview();
    send({ type: 'submit' });
    submissions[0]?.reject({ code: 'kyc.photo_not_found', params: {} });
    await vi.waitFor(() => expect(at().matches({ editing: { step: 'refused' } })).toBe(true));
    send({ type: 'edit' });
    expect(at().matches({ editing: { step: 'photos', front: 'empty', back: 'empty' } })).toBe(true);
    expect(at().context.photos.front.photoId).toBeNull();
  });

  it('records an error without a code as the system being busy', async () => {
    const { send, at, submissions } = toReview();
    send({ type: 'submit' });
    submissions[0]?.reject(new Error('network'));
    await vi.waitFor(() =>
      expect(at().context.refusal).toEqual({ code: 'system.busy', params: {} }),
    );
  });

  it('fails loudly when the screen did not provide its actors', async () => {
    const actor = createActor(kycSubmissionMachine, { input: {} }).start();
    actor.send({ type: 'details.next', realName: '홍길동', idNumber: '900101-1' });
    actor.send({ type: 'photo.pick', side: 'front', file: jpeg() });
    await vi.waitFor(() =>
      expect(actor.getSnapshot().matches({ editing: { front: 'failed' } })).toBe(true),
    );
  });
});

describe('KYC submission paths generated from the machine', () => {
  // The model: the machine with its actors' answers as events (graph-model.ts).
  const events = [
    { type: 'details.next', realName: '홍길동', idNumber: '900101-1' },
    { type: 'details.next', realName: 'X', idNumber: 'nope' },
    { type: 'photo.pick', side: 'front', file: jpeg() },
    { type: 'photo.pick', side: 'back', file: new Blob(['gif'], { type: 'image/gif' }) },
    { type: 'photo.pick', side: 'back', file: jpeg() },
    { type: 'upload.done', side: 'front', photoId: 'pf' },
    { type: 'upload.done', side: 'back', photoId: 'pb' },
    { type: 'upload.failed', side: 'back', error: { code: 'upload.unreadable', params: {} } },
    { type: 'photos.next' },
    { type: 'step.back' },
    { type: 'submit' },
    { type: 'edit' },
    { type: 'xstate.done.actor.submit', output: underReview },
    { type: 'xstate.error.actor.submit', error: { code: 'kyc.photo_not_found', params: {} } },
    { type: 'xstate.error.actor.submit', error: { code: 'kyc.invalid_name', params: {} } },
  ] as unknown as KycSubmissionEvent[];
  // Progress is left out of the graph: the state is the value, the photo ids and the refusal.
  const serializeState = (snapshot: Snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.photos.front.photoId,
      snapshot.context.photos.back.photoId,
      snapshot.context.refusal?.code ?? null,
    ]);
  // A Blob stringifies as {}: name the file by its type and size, or two picks look alike.
  const serializeEvent = (event: AnyEventObject) =>
    JSON.stringify(event, (key, value: unknown) =>
      value instanceof Blob ? `${value.type}:${value.size}` : value,
    );
  const model = createTestModel(invocationsAsEvents(kycSubmissionMachine), {
    events,
    serializeState,
    serializeEvent,
  });
  // One path to every state (kept even when a longer path passes through it: the graph's own
  // de-duplication compares events as JSON, where every photo looks the same).
  const paths = model.getShortestPaths({
    serializeState,
    serializeEvent,
    input: {},
    allowDuplicatePaths: true,
  });
  const visited = paths.map((p) => p.state);

  it('reach every step, every photo state, done and refused', () => {
    const reached = new Set(
      visited.flatMap((state) => JSON.stringify(state.value).match(/"\w+"/g) ?? []),
    );
    for (const name of ['details', 'photos', 'review', 'submitting', 'refused', 'done']) {
      expect(reached, name).toContain(`"${name}"`);
    }
    for (const name of ['empty', 'invalid', 'uploading', 'uploaded', 'failed']) {
      expect(reached, name).toContain(`"${name}"`);
    }
  });

  it('never reach the review or a submission without a complete request', () => {
    for (const state of visited) {
      const reviewing =
        state.matches({ editing: { step: 'review' } }) ||
        state.matches({ editing: { step: 'submitting' } });
      if (!reviewing) continue;
      expect(kycSubmitRequest.isValidSync(submissionRequest(state.context))).toBe(true);
      expect(state.matches({ editing: { front: 'uploaded', back: 'uploaded' } })).toBe(true);
    }
  });

  it('have a photo id exactly when the photo is uploaded', () => {
    for (const state of visited) {
      if (!state.matches('editing')) continue;
      for (const side of ['front', 'back'] as const) {
        expect(
          state.matches({ editing: { [side]: 'uploaded' } }),
          `${side} in ${JSON.stringify(state.value)}`,
        ).toBe(state.context.photos[side].photoId !== null);
      }
    }
  });

  // Each path played against the real machine, its actors answered by the test.
  for (const path of paths) {
    it(path.description, async () => {
      const flow = startFlow();
      const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
      type Step = { event: AnyEventObject };
      const toUpload = ({ event }: Step) => {
        const side: unknown = event.side;
        const running = flow.uploads.filter((u) => u.input.side === side && !u.stopped).at(-1);
        running?.send(event);
      };
      // Keyed by event type, the actors' answers included (not among the machine's own events).
      const executors: Record<string, (step: Step) => unknown> = {
        'upload.done': toUpload,
        'upload.failed': toUpload,
        'xstate.done.actor.submit': async ({ event }) => {
          flow.submissions.at(-1)?.resolve(event.output as KycStatusDto);
          await settle();
        },
        'xstate.error.actor.submit': async ({ event }) => {
          flow.submissions.at(-1)?.reject(event.error);
          await settle();
        },
        ...Object.fromEntries(
          ['details.next', 'photo.pick', 'photos.next', 'step.back', 'submit', 'edit'].map(
            (type) => [type, ({ event }: Step) => flow.send(event as KycSubmissionEvent)],
          ),
        ),
      };
      await path.test({
        events: executors,
        states: {
          '*': (state) => {
            expect(flow.at().value).toEqual(state.value);
            expect(flow.at().context.refusal).toEqual(state.context.refusal);
          },
        },
      });
    });
  }
});
