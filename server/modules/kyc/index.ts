import type { FastifyInstance } from 'fastify';
import { CALLS } from '../../../contract';
import { defineCall } from '../../http/define-call';
import { readPhoto } from './read-photo';
import { kycStatus } from './status';
import { submitKyc } from './submit';
import { registerUploadRoute } from './upload-route';

/** Real-name verification, the customer's side: status, photo upload and view, submission. */
export function registerKycModule(app: FastifyInstance): void {
  const context = app.maru;
  defineCall(app, CALLS.kycStatus, ({ session }) => kycStatus(context.db, session.customer.id));
  defineCall(app, CALLS.kycSubmit, ({ session, body }) =>
    submitKyc(context.db, session.customer.id, body),
  );
  defineCall(app, CALLS.kycPhoto, ({ session, body, request }) =>
    readPhoto(context, request, body.photoId, {
      actor: { kind: 'customer', id: session.customer.id },
      ownerCustomerId: session.customer.id,
    }),
  );
  registerUploadRoute(app);
}
