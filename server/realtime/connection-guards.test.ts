import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { Connection } from './connection-guards';
import { addressCap, addressKey, watchSendBuffer } from './connection-guards';

/** The parts of an engine.io connection the guards read. */
function fakeConnection(remoteAddress = '203.0.113.7', webSocket = true) {
  const conn = Object.assign(new EventEmitter(), {
    remoteAddress,
    writeBuffer: [] as unknown[],
    transport: { socket: webSocket ? { bufferedAmount: 0, terminate: vi.fn() } : undefined },
    close: vi.fn(),
  });
  return { conn, asConnection: conn as unknown as Connection };
}
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('addressKey', () => {
  it('counts IPv4 by address and IPv6 by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::5')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey(undefined)).toBe('unknown');
  });
});

describe('addressCap', () => {
  it('refuses a handshake at the cap and counts connections until they close', () => {
    const cap = addressCap(2);
    const ask = (address: string) => {
      let answer: boolean | undefined;
      cap.allowRequest({ socket: { remoteAddress: address } } as never, (_error, ok) => {
        answer = ok;
      });
      return answer;
    };
    const a = fakeConnection('198.51.100.1');
    const b = fakeConnection('::ffff:198.51.100.1');
    expect([cap.track(a.asConnection), cap.track(b.asConnection)]).toEqual([true, true]);
    expect(ask('198.51.100.1')).toBe(false);
    expect(ask('198.51.100.2')).toBe(true);
    // Handshakes that raced past the check are closed as they open.
    const c = fakeConnection('198.51.100.1');
    expect(cap.track(c.asConnection)).toBe(false);
    expect(c.conn.close).toHaveBeenCalledWith(true);
    c.conn.emit('close');
    a.conn.emit('close');
    expect(cap.openFrom('198.51.100.1')).toBe(1);
    expect(ask('198.51.100.1')).toBe(true);
  });

  it('does not cap at 0', () => {
    const cap = addressCap(0);
    for (let i = 0; i < 5; i += 1) expect(cap.track(fakeConnection().asConnection)).toBe(true);
  });
});

describe('watchSendBuffer', () => {
  const limits = { maxBufferedBytes: 1_000, maxBufferedPackets: 10 };

  it('leaves a connection that keeps up alone', async () => {
    const { conn, asConnection } = fakeConnection();
    watchSendBuffer(asConnection, limits);
    conn.transport.socket!.bufferedAmount = 1_000;
    conn.writeBuffer.length = 9;
    conn.emit('packetCreate');
    await turn();
    expect(conn.transport.socket!.terminate).not.toHaveBeenCalled();
  });

  it('terminates one whose socket holds too many unsent bytes, after the current send', async () => {
    const { conn, asConnection } = fakeConnection();
    const dropped = vi.fn();
    watchSendBuffer(asConnection, limits, dropped);
    conn.transport.socket!.bufferedAmount = 1_001;
    conn.emit('packetCreate');
    expect(conn.transport.socket!.terminate).not.toHaveBeenCalled();
    await turn();
    conn.emit('packetCreate');
    await turn();
    expect(conn.transport.socket!.terminate).toHaveBeenCalledTimes(1);
    expect(dropped).toHaveBeenCalledTimes(1);
  });

  it('drops one with too many packets waiting, polling ones by discarding them', async () => {
    const { conn, asConnection } = fakeConnection('203.0.113.9', false);
    watchSendBuffer(asConnection, limits);
    conn.writeBuffer.length = 10;
    conn.emit('packetCreate');
    await turn();
    expect(conn.close).toHaveBeenCalledWith(true);
  });
});
