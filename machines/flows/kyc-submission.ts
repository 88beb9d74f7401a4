import {
  and,
  assertEvent,
  assign,
  emit,
  fromCallback,
  fromPromise,
  not,
  setup,
  stateIn,
} from 'xstate';
import type { AnyEventObject } from 'xstate';
import { KYC_PHOTO_MAX_BYTES, kycSubmitRequest } from '../../contract/schemas/kyc';
import type { KycPhotoSide, KycStatusDto, KycSubmitRequest } from '../../contract/schemas/kyc';
import { notProvided, refusalOf } from './refusal';
import type { FlowRefusal } from './refusal';

/**
 * The customer's real-name verification form, step by step: identity details → the two ID photos
 * (each uploaded as soon as it is picked, with its progress) → a review of both → submitting →
 * done, or refused with the server's code and a way back to the step that can fix it.
 *
 * Pure: the upload and the submission are actors the screen provides
 * (`.provide({ actors: { upload, submit } })`), so the whole flow runs in tests without a network.
 */

/** The photo types the server takes; checked before uploading so a wrong file costs nothing. */
export const KYC_PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;

/** Why a photo is not (yet) usable: refused before sending, or refused by the upload call. */
export type PhotoProblem =
  | { kind: 'wrongType' }
  | { kind: 'tooLarge'; maxBytes: number }
  | { kind: 'refused'; refusal: FlowRefusal };

export interface PhotoSlot {
  photoId: string | null;
  /** Fraction uploaded, 0…1. */
  progress: number;
  problem: PhotoProblem | null;
}

export interface KycSubmissionContext {
  realName: string;
  idNumber: string;
  photos: Record<KycPhotoSide, PhotoSlot>;
  /** The customer tried to go on without both photos: the pickers say what is missing. */
  photosAttempted: boolean;
  /** The last refusal of the submission, shown until the customer edits. */
  refusal: FlowRefusal | null;
  /** The status the server answered to the submission. */
  result: KycStatusDto | null;
}

export interface KycSubmissionInput {
  /** What the last submission said, to prefill the details after a rejection. */
  realName?: string | null;
  idNumber?: string | null;
}

export type KycSubmissionEvent =
  | { type: 'details.next'; realName: string; idNumber: string }
  | { type: 'photo.pick'; side: KycPhotoSide; file: Blob }
  | { type: 'photos.next' }
  | { type: 'step.back' }
  | { type: 'step.edit'; step: 'details' | 'photos' }
  | { type: 'submit' }
  | { type: 'edit' }
  // Sent back by the upload actor.
  | { type: 'upload.progress'; side: KycPhotoSide; fraction: number }
  | { type: 'upload.done'; side: KycPhotoSide; photoId: string }
  | { type: 'upload.failed'; side: KycPhotoSide; error: unknown };

export type KycSubmissionEmitted = { type: 'submitted'; status: KycStatusDto };

export interface UploadInput {
  side: KycPhotoSide;
  file: Blob;
}

const detailsSchema = kycSubmitRequest.pick(['realName', 'idNumber']);

const emptySlot = (): PhotoSlot => ({ photoId: null, progress: 0, problem: null });

/** The request the context makes, once every field is there. */
export function submissionRequest(context: KycSubmissionContext): KycSubmitRequest {
  return {
    realName: context.realName,
    idNumber: context.idNumber,
    frontPhotoId: context.photos.front.photoId ?? '',
    backPhotoId: context.photos.back.photoId ?? '',
  };
}

/** A refusal the photos step can fix: a photo the server no longer has, or refused on upload. */
function isAboutPhotos(refusal: FlowRefusal | null): boolean {
  if (!refusal) return false;
  const field = refusal.params.field;
  return (
    refusal.code === 'kyc.photo_not_found' ||
    refusal.code.startsWith('upload.') ||
    field === 'frontPhotoId' ||
    field === 'backPhotoId'
  );
}

type SideParams = { side: KycPhotoSide };

export const kycSubmissionMachine = setup({
  types: {
    context: {} as KycSubmissionContext,
    events: {} as KycSubmissionEvent,
    // Every field is optional, so a plain `as` looks redundant to the linter; the type is needed.
    input: {} as unknown as KycSubmissionInput,
    emitted: {} as KycSubmissionEmitted,
  },
  actors: {
    /** Uploads one photo; sends back `upload.progress`, then `upload.done` or `upload.failed`. */
    upload: fromCallback<AnyEventObject, UploadInput>(({ input, sendBack }) => {
      notProvided('upload').catch((error: unknown) =>
        sendBack({ type: 'upload.failed', side: input.side, error }),
      );
    }),
    /** Sends the submission; resolves with the new status, rejects with the refusal. */
    submit: fromPromise<KycStatusDto, KycSubmitRequest>(() => notProvided('submit')),
  },
  guards: {
    detailsValid: ({ event }) =>
      event.type === 'details.next' &&
      detailsSchema.isValidSync({
        realName: event.realName.trim(),
        idNumber: event.idNumber.trim(),
      }),
    forSide: ({ event }, { side }: SideParams) => 'side' in event && event.side === side,
    typeAccepted: ({ event }) =>
      event.type === 'photo.pick' &&
      (KYC_PHOTO_TYPES as readonly string[]).includes(event.file.type),
    sizeAccepted: ({ event }) =>
      event.type === 'photo.pick' && event.file.size <= KYC_PHOTO_MAX_BYTES,
    photosReady: ({ context }) =>
      context.photos.front.photoId !== null && context.photos.back.photoId !== null,
    complete: ({ context }) => kycSubmitRequest.isValidSync(submissionRequest(context)),
    editsStep: ({ event }, { step }: { step: 'details' | 'photos' }) =>
      event.type === 'step.edit' && event.step === step,
    refusalAboutPhotos: ({ context }) => isAboutPhotos(context.refusal),
  },
  actions: {
    keepDetails: assign(({ event }) => {
      assertEvent(event, 'details.next');
      return { realName: event.realName.trim(), idNumber: event.idNumber.trim() };
    }),
    setSlot: assign(({ context }, { side, slot }: SideParams & { slot: Partial<PhotoSlot> }) => ({
      photos: { ...context.photos, [side]: { ...context.photos[side], ...slot } },
    })),
    startUpload: assign(({ context }, { side }: SideParams) => ({
      photos: { ...context.photos, [side]: emptySlot() },
    })),
    recordProgress: assign(({ context, event }, { side }: SideParams) => {
      assertEvent(event, 'upload.progress');
      const progress = Math.max(0, Math.min(1, event.fraction));
      return { photos: { ...context.photos, [side]: { ...context.photos[side], progress } } };
    }),
    recordPhoto: assign(({ context, event }, { side }: SideParams) => {
      assertEvent(event, 'upload.done');
      return {
        photos: {
          ...context.photos,
          [side]: { photoId: event.photoId, progress: 1, problem: null },
        },
      };
    }),
    recordUploadRefusal: assign(({ context, event }, { side }: SideParams) => {
      assertEvent(event, 'upload.failed');
      const problem: PhotoProblem = { kind: 'refused', refusal: refusalOf(event.error) };
      return { photos: { ...context.photos, [side]: { ...emptySlot(), problem } } };
    }),
    forgetPhotos: assign({
      photos: () => ({ front: emptySlot(), back: emptySlot() }),
      photosAttempted: false,
    }),
  },
}).createMachine({
  id: 'kycSubmission',
  context: ({ input }) => ({
    realName: input.realName ?? '',
    idNumber: input.idNumber ?? '',
    photos: { front: emptySlot(), back: emptySlot() },
    photosAttempted: false,
    refusal: null,
    result: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      type: 'parallel',
      states: {
        step: {
          initial: 'details',
          states: {
            details: {
              on: {
                'details.next': { guard: 'detailsValid', target: 'photos', actions: 'keepDetails' },
              },
            },
            photos: {
              on: {
                'step.back': 'details',
                'photos.next': [
                  { guard: 'photosReady', target: 'review' },
                  { actions: assign({ photosAttempted: true }) },
                ],
              },
            },
            review: {
              on: {
                'step.back': 'photos',
                'step.edit': [
                  { guard: { type: 'editsStep', params: { step: 'details' } }, target: 'details' },
                  { guard: { type: 'editsStep', params: { step: 'photos' } }, target: 'photos' },
                ],
                submit: { guard: 'complete', target: 'submitting' },
              },
            },
            submitting: {
              entry: assign({ refusal: null }),
              invoke: {
                id: 'submit',
                src: 'submit',
                input: ({ context }) => submissionRequest(context),
                onDone: {
                  target: '#kycSubmission.done',
                  actions: [
                    assign({ result: ({ event }) => event.output }),
                    emit(({ event }) => ({ type: 'submitted' as const, status: event.output })),
                  ],
                },
                onError: {
                  target: 'refused',
                  actions: assign({ refusal: ({ event }) => refusalOf(event.error) }),
                },
              },
            },
            refused: {
              on: {
                edit: [
                  {
                    // The photos must be picked again: the server no longer has them.
                    guard: 'refusalAboutPhotos',
                    target: [
                      'photos',
                      '#kycSubmission.editing.front.empty',
                      '#kycSubmission.editing.back.empty',
                    ],
                    actions: 'forgetPhotos',
                  },
                  { target: 'details' },
                ],
              },
            },
          },
        },
        front: photoRegion('front'),
        back: photoRegion('back'),
      },
    },
    done: { type: 'final' },
  },
});

/** One photo: picked → checked → uploading (with progress) → uploaded, or why not. */
function photoRegion(side: KycPhotoSide) {
  // Photos are picked on the photos step only, so the review always shows what is submitted.
  const forSide = and([
    { type: 'forSide', params: { side } },
    stateIn({ editing: { step: 'photos' } }),
  ]);
  const fromUpload = { type: 'forSide', params: { side } } as const;
  return {
    initial: 'empty' as const,
    on: {
      'photo.pick': [
        {
          guard: and([forSide, not('typeAccepted')]),
          target: '.invalid',
          actions: {
            type: 'setSlot',
            params: { side, slot: { photoId: null, progress: 0, problem: { kind: 'wrongType' } } },
          },
        },
        {
          guard: and([forSide, not('sizeAccepted')]),
          target: '.invalid',
          actions: {
            type: 'setSlot',
            params: {
              side,
              slot: {
                photoId: null,
                progress: 0,
                problem: { kind: 'tooLarge', maxBytes: KYC_PHOTO_MAX_BYTES },
              },
            },
          },
        },
        // Picking again restarts the upload: the region's child is left, so the running one stops.
        {
          guard: forSide,
          target: '.uploading',
          actions: { type: 'startUpload', params: { side } },
        },
      ],
    },
    states: {
      empty: {},
      invalid: {},
      uploading: {
        invoke: {
          id: `upload.${side}`,
          src: 'upload',
          input: ({ event }: { event: KycSubmissionEvent }): UploadInput => {
            assertEvent(event, 'photo.pick');
            return { side: event.side, file: event.file };
          },
        },
        on: {
          'upload.progress': {
            guard: fromUpload,
            actions: { type: 'recordProgress', params: { side } },
          },
          'upload.done': {
            guard: fromUpload,
            target: 'uploaded',
            actions: { type: 'recordPhoto', params: { side } },
          },
          'upload.failed': {
            guard: fromUpload,
            target: 'failed',
            actions: { type: 'recordUploadRefusal', params: { side } },
          },
        },
      },
      uploaded: {},
      failed: {},
    },
  } as const;
}
