import type { FastifyInstance } from 'fastify';
import { CUSTOMER_API } from '../../contract';
import { defineCall } from '../http/define-call';
import { ApiRefusal } from '../http/refusal';
import type { SnapshotProvider } from './market-namespace';

/**
 * POST /market/snapshot {channel}: the same snapshot frame a subscriber gets, for the client's
 * polling fallback when the socket cannot connect.
 */
export function registerSnapshotCall(app: FastifyInstance, snapshot: SnapshotProvider): void {
  defineCall(app, CUSTOMER_API, 'marketSnapshot', async ({ body }) => {
    const frame = await snapshot(body.channel);
    if (!frame) throw new ApiRefusal('realtime.unknown_channel', { channel: body.channel });
    return frame;
  });
}
