import { describe, expect, it } from 'vitest';
import { Refusal } from '../../../refusal';
import { PART_HEADERS_MAX_BYTES, boundaryOf, isMultipart, singleFilePart } from './multipart';

const B = 'XyZ123';
const TYPE = `multipart/form-data; boundary=${B}`;
const file = Buffer.from([0xff, 0xd8, 0xff, 0x0d, 0x0a, 0x2d, 0x2d, 0x00, 0x01]);

function body(parts: string[], options: { preamble?: string; epilogue?: string } = {}) {
  const chunks = [Buffer.from(options.preamble ?? '', 'latin1')];
  for (const headers of parts) {
    chunks.push(Buffer.from(`--${B}\r\n${headers}\r\n\r\n`, 'latin1'), file, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${B}--${options.epilogue ?? '\r\n'}`, 'latin1'));
  return Buffer.concat(chunks);
}

const FILE_PART =
  'Content-Disposition: form-data; name="file"; filename="v.jpg"\r\nContent-Type: image/jpeg';

function refusedCode(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof Refusal ? error.code : 'thrown';
  }
}

describe('the multipart/form-data reader', () => {
  it('recognises the content type and its boundary, quoted or not', () => {
    expect(isMultipart('multipart/form-data; boundary=a')).toBe(true);
    expect(isMultipart('Multipart/Form-Data;boundary=a')).toBe(true);
    expect(isMultipart('multipart/mixed; boundary=a')).toBe(false);
    expect(isMultipart(undefined)).toBe(false);
    expect(boundaryOf('multipart/form-data; boundary="a b"')).toBe('a b');
    expect(boundaryOf('multipart/form-data; charset=utf-8; boundary=abc')).toBe('abc');
    expect(refusedCode(() => boundaryOf('multipart/form-data'))).toBe('request.malformed');
    expect(refusedCode(() => boundaryOf(`multipart/form-data; boundary=${'a'.repeat(71)}`))).toBe(
      'request.malformed',
    );
  });

  it('answers the one file part byte for byte, CRLF and dashes inside it included', () => {
    expect(singleFilePart(body([FILE_PART]), TYPE).equals(file)).toBe(true);
    // A preamble before the first delimiter and an epilogue after the last are ignored.
    const framed = body([FILE_PART], { preamble: 'ignored\r\n', epilogue: '\r\ntrailing words' });
    expect(singleFilePart(framed, TYPE).equals(file)).toBe(true);
  });

  it('refuses a second part, a part that is no file, long headers and missing delimiters', () => {
    const refused = (b: Buffer) => refusedCode(() => singleFilePart(b, TYPE));
    expect(refused(body([FILE_PART, FILE_PART]))).toBe('request.malformed');
    expect(refused(body(['Content-Disposition: form-data; name="file"']))).toBe(
      'request.malformed',
    );
    expect(refused(body(['Content-Type: image/jpeg']))).toBe('request.malformed');
    const long = `${FILE_PART}\r\nX-Padding: ${'p'.repeat(PART_HEADERS_MAX_BYTES)}`;
    expect(refused(body([long]))).toBe('request.malformed');
    const whole = body([FILE_PART]);
    expect(refused(whole.subarray(0, whole.length - 8))).toBe('request.malformed');
    expect(refused(Buffer.from('no delimiter at all'))).toBe('request.malformed');
    // The delimiter must start a line.
    expect(refused(Buffer.concat([Buffer.from('x'), whole]))).toBe('request.malformed');
  });
});
