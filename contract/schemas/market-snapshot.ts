import { mixed, number, object, string } from 'yup';
import type { InferType } from 'yup';
import { parseChannel } from '../market-socket';
import { text } from './fields';

/**
 * POST /market/snapshot: the snapshot frame of one channel, as the socket would send it on
 * subscribe. The client's polling fallback calls it when the socket cannot connect.
 */
export const marketSnapshotRequest = object({
  channel: text()
    .required('request.required')
    .max(40, 'request.too_long')
    .test('channel', 'realtime.unknown_channel', (value) => parseChannel(value) !== null),
}).noUnknown(true, 'request.unknown_field');
export type MarketSnapshotRequest = InferType<typeof marketSnapshotRequest>;

export const marketSnapshotResponse = object({
  channel: string().required(),
  kind: string().oneOf(['snapshot']).required(),
  seq: number().integer().required(),
  // The payload's shape depends on the channel (contract/market-socket.ts, ChannelPayloads).
  data: mixed().nullable().defined(),
}).required();
