import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, queryName } from './logger';

function capture() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const options = loggerOptions('info');
  if (typeof options !== 'object') throw new Error('logger options must be an object');
  return { log: pino(options as pino.LoggerOptions, sink), output: () => lines.join('') };
}

/** What node-postgres (and PGlite) throw: a message, a SQLSTATE and fields naming what failed. */
function driverError(fields: Record<string, string>, message: string): Error {
  return Object.assign(new Error(message), { name: 'DatabaseError', severity: 'ERROR', ...fields });
}

describe('server log redaction', () => {
  it('hides session headers and password fields', () => {
    const { log, output } = capture();
    log.info({
      req: { headers: { token: 'tok-SECRET', account: 'acc', 'user-agent': 'ua' } },
      body: { password: 'pw-SECRET', oldPassword: 'old-SECRET', confirmPassword: 'cf-SECRET' },
      password: 'top-SECRET',
    });
    expect(output()).not.toContain('SECRET');
    expect(output()).toContain('[redacted]');
    expect(output()).toContain('ua');
  });

  it('logs a failed query as its code and query name, never its parameters', () => {
    const { log, output } = capture();
    const cause = driverError(
      {
        code: '23505',
        constraint: 'kyc_submissions_customer_idx',
        table: 'kyc_submissions',
        detail: 'Key (real_name)=(홍길동-SECRET) already exists.',
      },
      'duplicate key value violates unique constraint "kyc_submissions_customer_idx"',
    );
    const error = new DrizzleQueryError(
      'insert into "kyc_submissions" ("customer_id", "real_name", "id_number") values ($1, $2, $3)',
      [12, '홍길동-SECRET', '900101-SECRET'],
      cause,
    );
    log.error({ err: new Error('handler failed', { cause: error }) }, 'unhandled error');
    const line = output();
    expect(line).not.toContain('SECRET');
    expect(line).not.toContain('params');
    expect(line).toContain('"sqlstate":"23505"');
    expect(line).toContain('insert into \\"kyc_submissions\\"');
    expect(line).toContain('kyc_submissions_customer_idx');
  });

  it('masks the quoted value in a driver message', () => {
    const { log, output } = capture();
    log.error(
      {
        err: driverError(
          { code: '22P02' },
          'invalid input syntax for type integer: "alice-SECRET"',
        ),
      },
      'unhandled error',
    );
    expect(output()).not.toContain('SECRET');
    expect(output()).toContain('22P02');
  });

  it('names queries by statement and table', () => {
    expect(queryName('select "id" from "customers" where "account" = $1')).toBe(
      'select from "customers"',
    );
    expect(queryName('update "customers" set "x" = $1')).toBe('update "customers"');
    expect(queryName('delete from "sessions" where 1')).toBe('delete from "sessions"');
    expect(queryName('insert into "audit_log" values ($1)')).toBe('insert into "audit_log"');
  });
});
