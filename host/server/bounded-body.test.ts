import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readBoundedText, ReplyTooLargeError } from './bounded-body';

const KB = 1024;
const PIECE = 256;

/** A body handed over in pieces of 256 bytes, counting how many were read and whether it was destroyed. */
function piecewise(bytes: Buffer) {
  const state = { read: 0, total: Math.ceil(bytes.length / PIECE), destroyed: false };
  const stream = new Readable({
    read() {
      if (state.read === state.total) return void this.push(null);
      this.push(bytes.subarray(state.read * PIECE, ++state.read * PIECE));
    },
    destroy(err, cb) {
      state.destroyed = true;
      cb(err);
    },
  });
  return { stream, state };
}

describe('readBoundedText', () => {
  it('reads a body up to its limit as UTF-8, dropping a leading BOM', async () => {
    const text = `\uFEFF{"v":"${'é'.repeat(100)}"}`;
    expect(await readBoundedText(piecewise(Buffer.from(text)).stream, undefined, 1000)).toBe(text.slice(1));
    expect(await readBoundedText(piecewise(gzipSync(text)).stream, 'GZIP', 1000)).toBe(text.slice(1));
  });

  it('stops reading a decompression bomb once its decoded bytes pass the limit, and destroys the body', async () => {
    for (const [coding, bomb] of [
      // 8 gzip members of 16 MB each (128 MB, 130 KB sent); 32 MB of a repeated 8 KB pattern in about 40 KB of br.
      ['gzip', Buffer.concat(Array<Buffer>(8).fill(gzipSync(Buffer.alloc(16 * KB * KB))))],
      [
        'br',
        brotliCompressSync(
          Buffer.from(
            randomBytes(4 * KB)
              .toString('hex')
              .repeat(4 * KB),
          ),
          { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
        ),
      ],
    ] as const) {
      const { stream, state } = piecewise(bomb);
      await expect(readBoundedText(stream, coding, 64 * KB)).rejects.toBeInstanceOf(ReplyTooLargeError);
      expect(state.destroyed, coding).toBe(true);
      // Read far from its end: what the decoder holds at most is its input buffer (16 KB) and the limit.
      expect(state.read, coding).toBeLessThan(state.total);
    }
  });

  it('stops a plain body at the limit and destroys it', async () => {
    const { stream, state } = piecewise(Buffer.alloc(1024 * KB, 'x'));
    await expect(readBoundedText(stream, 'identity', 10 * KB)).rejects.toThrow('reply larger than 10240 bytes');
    expect(state.destroyed).toBe(true);
    expect(state.read).toBeLessThan(state.total);
  });

  it('fails a corrupt encoded body, and an unknown coding without reading it', async () => {
    await expect(readBoundedText(piecewise(Buffer.from('not gzip at all')).stream, 'gzip', 1000)).rejects.toThrow();
    const { stream, state } = piecewise(Buffer.from('{}'));
    await expect(readBoundedText(stream, 'zstd', 1000)).rejects.toThrow("unsupported content coding 'zstd'");
    expect(state).toMatchObject({ read: 0, destroyed: true });
  });
});
