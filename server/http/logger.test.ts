import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger';

describe('server log redaction', () => {
  it('hides session headers and password fields', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const options = loggerOptions('info');
    if (typeof options !== 'object') throw new Error('logger options must be an object');
    const log = pino(options as pino.LoggerOptions, sink);
    log.info({
      req: { headers: { token: 'tok-SECRET', account: 'acc', 'user-agent': 'ua' } },
      body: { password: 'pw-SECRET', oldPassword: 'old-SECRET', confirmPassword: 'cf-SECRET' },
      password: 'top-SECRET',
    });
    const output = lines.join('');
    expect(output).not.toContain('SECRET');
    expect(output).toContain('[redacted]');
    expect(output).toContain('ua');
  });
});
