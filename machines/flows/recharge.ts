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
import { KYC_PHOTO_MAX_BYTES } from '../../contract/schemas/kyc';
import { isAmount } from '../../contract/schemas/funds';
import type { FundCurrency, FundOrderDto, RechargeRequest } from '../../contract/schemas/funds';
import { KYC_PHOTO_TYPES } from './kyc-submission';
import { notProvided, refusalOf } from './refusal';
import type { FlowRefusal } from './refusal';

/**
 * A deposit as the customer makes it: pick the transfer voucher (uploaded at once, with its
 * progress, under the KYC upload rules: JPEG or PNG up to 10 MB, checked before sending) and type
 * the amount → submitting → done with the deposit, or refused with the server's code.
 *
 * Pure: the upload and the submission are actors the screen provides
 * (`.provide({ actors: { upload, submit } })`), like the KYC submission flow.
 */

/** The voucher types and size the server takes: the KYC photo rules (issue 10). */
export const VOUCHER_TYPES = KYC_PHOTO_TYPES;
export const VOUCHER_MAX_BYTES = KYC_PHOTO_MAX_BYTES;

export type VoucherProblem =
  | { kind: 'wrongType' }
  | { kind: 'tooLarge'; maxBytes: number }
  | { kind: 'refused'; refusal: FlowRefusal };

export interface VoucherSlot {
  voucherId: string | null;
  /** Fraction uploaded, 0…1. */
  progress: number;
  problem: VoucherProblem | null;
}

export interface RechargeContext {
  currency: FundCurrency;
  /** The amount of the last submit, in minor units. */
  amount: number | null;
  voucher: VoucherSlot;
  /** Submit was pressed without an uploaded voucher: the picker says so. */
  voucherAttempted: boolean;
  refusal: FlowRefusal | null;
  /** The deposit the server made. */
  order: FundOrderDto | null;
}

export interface RechargeInput {
  currency: FundCurrency;
}

export type RechargeEvent =
  | { type: 'voucher.pick'; file: Blob }
  /** The amount in minor units, already parsed and checked against the limits by the form. */
  | { type: 'submit'; amount: number }
  | { type: 'edit' }
  // Sent back by the upload actor.
  | { type: 'upload.progress'; fraction: number }
  | { type: 'upload.done'; voucherId: string }
  | { type: 'upload.failed'; error: unknown };

export type RechargeEmitted = { type: 'submitted'; order: FundOrderDto };

const emptySlot = (): VoucherSlot => ({ voucherId: null, progress: 0, problem: null });

/** Refusals the voucher must be picked again for: the server no longer has it, or refused it. */
function isAboutVoucher(refusal: FlowRefusal | null): boolean {
  if (!refusal) return false;
  return (
    refusal.code === 'deposit.voucher_not_found' ||
    refusal.code.startsWith('upload.') ||
    refusal.params.field === 'voucherId'
  );
}

export const rechargeMachine = setup({
  types: {
    context: {} as RechargeContext,
    events: {} as RechargeEvent,
    input: {} as RechargeInput,
    emitted: {} as RechargeEmitted,
  },
  actors: {
    /** Uploads the voucher; sends back `upload.progress`, then `upload.done` or `upload.failed`. */
    upload: fromCallback<AnyEventObject, { file: Blob }>(({ sendBack }) => {
      notProvided('upload').catch((error: unknown) => sendBack({ type: 'upload.failed', error }));
    }),
    /** Sends the deposit; resolves with it, rejects with the refusal. */
    submit: fromPromise<FundOrderDto, RechargeRequest>(() => notProvided('submit')),
  },
  guards: {
    typeAccepted: ({ event }) =>
      event.type === 'voucher.pick' &&
      (VOUCHER_TYPES as readonly string[]).includes(event.file.type),
    sizeAccepted: ({ event }) =>
      event.type === 'voucher.pick' && event.file.size <= VOUCHER_MAX_BYTES,
    amountValid: ({ event }) => event.type === 'submit' && isAmount(event.amount),
    voucherReady: ({ context }) => context.voucher.voucherId !== null,
    refusalAboutVoucher: ({ context }) => isAboutVoucher(context.refusal),
  },
  actions: {
    setProblem: assign((_, problem: VoucherProblem) => ({
      voucher: { voucherId: null, progress: 0, problem },
    })),
  },
}).createMachine({
  id: 'recharge',
  context: ({ input }) => ({
    currency: input.currency,
    amount: null,
    voucher: emptySlot(),
    voucherAttempted: false,
    refusal: null,
    order: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      type: 'parallel',
      states: {
        form: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                submit: [
                  {
                    guard: and(['amountValid', 'voucherReady']),
                    target: 'submitting',
                    actions: assign({
                      amount: ({ event }) => event.amount,
                      voucherAttempted: false,
                    }),
                  },
                  { guard: 'amountValid', actions: assign({ voucherAttempted: true }) },
                ],
              },
            },
            submitting: {
              entry: assign({ refusal: null }),
              invoke: {
                src: 'submit',
                input: ({ context }): RechargeRequest => ({
                  currency: context.currency,
                  amount: context.amount ?? 0,
                  voucherId: context.voucher.voucherId ?? '',
                }),
                onDone: {
                  target: '#recharge.done',
                  actions: [
                    assign({ order: ({ event }) => event.output }),
                    emit(({ event }) => ({ type: 'submitted' as const, order: event.output })),
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
                    // The voucher must be picked again: the server no longer has it.
                    guard: 'refusalAboutVoucher',
                    target: ['idle', '#recharge.editing.voucher.empty'],
                    actions: assign({ voucher: emptySlot, refusal: null }),
                  },
                  { target: 'idle', actions: assign({ refusal: null }) },
                ],
              },
            },
          },
        },
        voucher: {
          initial: 'empty',
          on: {
            'voucher.pick': [
              // Not while the deposit is being sent: what was sent is what the customer saw.
              { guard: stateIn({ editing: { form: 'submitting' } }) },
              {
                guard: not('typeAccepted'),
                target: '.invalid',
                actions: { type: 'setProblem', params: { kind: 'wrongType' } },
              },
              {
                guard: not('sizeAccepted'),
                target: '.invalid',
                actions: {
                  type: 'setProblem',
                  params: { kind: 'tooLarge', maxBytes: VOUCHER_MAX_BYTES },
                },
              },
              // Picking again restarts the upload: leaving `uploading` stops the running one.
              { target: '.uploading', actions: assign({ voucher: emptySlot }) },
            ],
          },
          states: {
            empty: {},
            invalid: {},
            uploading: {
              invoke: {
                src: 'upload',
                input: ({ event }) => {
                  assertEvent(event, 'voucher.pick');
                  return { file: event.file };
                },
              },
              on: {
                'upload.progress': {
                  actions: assign(({ context, event }) => ({
                    voucher: {
                      ...context.voucher,
                      progress: Math.max(0, Math.min(1, event.fraction)),
                    },
                  })),
                },
                'upload.done': {
                  target: 'uploaded',
                  actions: assign(({ event }) => ({
                    voucher: { voucherId: event.voucherId, progress: 1, problem: null },
                    voucherAttempted: false,
                  })),
                },
                'upload.failed': {
                  target: 'failed',
                  actions: assign(({ event }) => ({
                    voucher: {
                      ...emptySlot(),
                      problem: { kind: 'refused' as const, refusal: refusalOf(event.error) },
                    },
                  })),
                },
              },
            },
            uploaded: {},
            failed: {},
          },
        },
      },
    },
    done: { type: 'final' },
  },
});
