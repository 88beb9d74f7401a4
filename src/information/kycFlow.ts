import { fromCallback, fromPromise } from 'xstate';
import type { AnyEventObject } from 'xstate';
import type { KycStatusDto, KycSubmitRequest } from '../../contract/schemas/kyc';
import { kycSubmissionMachine } from '../../machines/flows/kyc-submission';
import type { UploadInput } from '../../machines/flows/kyc-submission';
import { call } from '../api';
import { uploadKycPhoto } from '../api/uploadKycPhoto';

/**
 * The KYC submission flow with the app's I/O: each photo through `uploadKycPhoto` (progress sent
 * back to the flow, aborted when the flow stops the upload), the submission through `kycSubmit`.
 * Refusals are toasted by the API client and land in the flow as its refusal.
 */
export const kycSubmissionFlow = kycSubmissionMachine.provide({
  actors: {
    upload: fromCallback<AnyEventObject, UploadInput>(({ input, sendBack }) => {
      const { side, file } = input;
      const controller = new AbortController();
      const live = () => !controller.signal.aborted;
      uploadKycPhoto(
        side,
        file,
        (fraction) => {
          if (live()) sendBack({ type: 'upload.progress', side, fraction });
        },
        controller.signal,
      ).then(
        ({ photoId }) => {
          if (live()) sendBack({ type: 'upload.done', side, photoId });
        },
        (error: unknown) => {
          if (live()) sendBack({ type: 'upload.failed', side, error });
        },
      );
      return () => controller.abort();
    }),
    submit: fromPromise<KycStatusDto, KycSubmitRequest>(({ input }) => call('kycSubmit', input)),
  },
});
