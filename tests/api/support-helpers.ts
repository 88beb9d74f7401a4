import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import {
  STAFF_API_BASE,
  STAFF_TOKEN_HEADER,
  SUPPORT_NAMESPACE,
  SUPPORT_STAFF_IMAGE_UPLOAD,
} from '../../contract';

/** The app's `/support` URL, listening on a free port first if it is not yet. */
export async function supportUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}${SUPPORT_NAMESPACE}`;
}

/**
 * An agent's back-office desk open on `/support`: an agent on shift counts (customers can chat
 * live, conversations can be assigned to them) only while one is (docs/support.md). Resolves
 * once connected, when the server already holds the agent present.
 */
export async function openDesk(app: FastifyInstance, staffToken: string): Promise<Socket> {
  const socket = io(await supportUrl(app), {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    auth: { staffToken },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/** An agent's image into a conversation: `POST /api/staff/support/image/send?id=…`, raw bytes. */
export function sendAgentImage(
  app: FastifyInstance,
  staffToken: string | null,
  query: string,
  body: Buffer,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `${STAFF_API_BASE}${SUPPORT_STAFF_IMAGE_UPLOAD.path}?${query}`,
    body,
    headers: {
      'content-type': 'application/octet-stream',
      ...(staffToken === null ? {} : { [STAFF_TOKEN_HEADER]: staffToken }),
      ...headers,
    },
  });
}
