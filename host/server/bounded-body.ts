import { pipeline, type Readable, type Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/** The back-end reply limit when none is set (BACKEND_REPLY_LIMIT_BYTES): 1 MiB. */
export const DEFAULT_REPLY_LIMIT_BYTES = 1024 * 1024;

/** A back-end reply body longer than its limit (decoded bytes, or a Content-Length over it): the call fails. */
export class ReplyTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`reply larger than ${limitBytes} bytes`);
    this.name = 'ReplyTooLargeError';
  }
}

/** Content codings decoded (RFC 9110 §8.4.1: deflate is the zlib format); any other, or several, fail the call. */
const DECODERS: Readonly<Record<string, () => Transform>> = { gzip: createGunzip, 'x-gzip': createGunzip, deflate: createInflate, br: createBrotliDecompress };

const UTF8 = new TextDecoder();

/** The decoder of a Content-Encoding: null for none (or identity); throws for a coding not decoded here. */
function decoderFor(contentEncoding: string | string[] | undefined): Transform | null {
  const coding = String(contentEncoding ?? '')
    .trim()
    .toLowerCase();
  if (coding === '' || coding === 'identity') return null;
  const make = Object.hasOwn(DECODERS, coding) ? DECODERS[coding] : undefined;
  if (!make) throw new Error(`unsupported content coding '${coding.slice(0, 40)}'`);
  return make();
}

/**
 * Reads a reply body as UTF-8 text (a leading BOM dropped), decoded by `contentEncoding`, counting decoded bytes:
 * past `limitBytes` it stops reading and destroys the body (which aborts the request) and rejects with
 * ReplyTooLargeError, so at most about the limit is ever held. Never buffers more than the limit plus one chunk.
 */
export function readBoundedText(body: Readable, contentEncoding: string | string[] | undefined, limitBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let overflow: ReplyTooLargeError | undefined;
    const fail = (err: Error) => reject(overflow ?? err);
    let decoder: Transform | null;
    try {
      decoder = decoderFor(contentEncoding);
    } catch (err) {
      body.on('error', () => {});
      body.destroy();
      return reject(err instanceof Error ? err : new Error(String(err)));
    }
    // pipeline destroys every stream of the chain when one fails: destroying the decoder destroys the body too.
    const source = decoder ? pipeline(body, decoder, (err) => err && fail(err)) : body;
    const chunks: Buffer[] = [];
    let size = 0;
    source.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limitBytes) return void chunks.push(chunk);
      overflow ??= new ReplyTooLargeError(limitBytes);
      chunks.length = 0;
      source.destroy(overflow);
    });
    source.once('error', fail);
    source.once('end', () => resolve(UTF8.decode(Buffer.concat(chunks, size))));
  });
}
