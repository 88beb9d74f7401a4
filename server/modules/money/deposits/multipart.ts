import { ApiRefusal } from '../../../http/refusal';

/** Most bytes of one part's headers (Content-Disposition, Content-Type). */
export const PART_HEADERS_MAX_BYTES = 4096;
/** What multipart framing may add around the file: boundaries, part headers, a preamble. */
export const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

/** Whether a Content-Type header is multipart/form-data. */
export function isMultipart(contentType: string | undefined): boolean {
  return /^\s*multipart\/form-data\s*(;|$)/i.test(contentType ?? '');
}

const malformed = () => new ApiRefusal('request.malformed', { field: 'file' });

/** The boundary parameter: 1–70 characters (RFC 2046), quoted or not. */
export function boundaryOf(contentType: string): string {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(?:;|$)/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (boundary === undefined) throw malformed();
  return boundary;
}

/**
 * The bytes of the one file part of a multipart/form-data body (no multipart package: the
 * voucher upload needs exactly one part, so this reads exactly one). Refused as
 * request.malformed: no boundary, no opening delimiter, part headers over
 * PART_HEADERS_MAX_BYTES or without a form-data Content-Disposition naming a file, a missing
 * closing delimiter, or a second part. The content is not interpreted: the image checks decide.
 */
export function singleFilePart(body: Buffer, contentType: string): Buffer {
  const delimiter = Buffer.from(`--${boundaryOf(contentType)}`, 'latin1');
  // The first delimiter starts the body or a line (a preamble before it is ignored).
  let start = body.indexOf(delimiter);
  const startsLine =
    start === 0 || (start >= 2 && body.subarray(start - 2, start).toString('latin1') === '\r\n');
  if (start < 0 || !startsLine) {
    throw malformed();
  }
  start += delimiter.length;
  if (body.subarray(start, start + 2).toString('latin1') !== '\r\n') throw malformed();
  start += 2;
  const headersEnd = body.indexOf('\r\n\r\n', start, 'latin1');
  if (headersEnd < 0 || headersEnd - start > PART_HEADERS_MAX_BYTES) throw malformed();
  const headers = body.subarray(start, headersEnd).toString('latin1').split('\r\n');
  const disposition = headers.find((h) => /^content-disposition\s*:/i.test(h));
  if (
    disposition === undefined ||
    !/:\s*form-data\s*;/i.test(disposition) ||
    !/;\s*filename\*?=/i.test(disposition)
  ) {
    throw malformed();
  }
  const contentStart = headersEnd + 4;
  const end = body.indexOf(Buffer.concat([Buffer.from('\r\n', 'latin1'), delimiter]), contentStart);
  if (end < 0) throw malformed();
  // After the part: the close delimiter `--`, then nothing but an epilogue. A CRLF would start a
  // second part, which this upload does not take.
  const after = end + 2 + delimiter.length;
  if (body.subarray(after, after + 2).toString('latin1') !== '--') throw malformed();
  return body.subarray(contentStart, end);
}
