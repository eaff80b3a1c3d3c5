import { describe, expect, it, vi } from 'vitest';
import { ATOMIC_WRITE_BYTES, batchedLines } from './access-log';

describe('batchedLines', () => {
  it('writes the lines of one turn together, in writes a pipe takes whole, cut between lines', async () => {
    const writes: string[] = [];
    const log = batchedLines((text) => writes.push(text));
    const lines = Array.from({ length: 60 }, (_, i) => JSON.stringify({ i, path: `/api/${'é'.repeat(i)}`, pad: 'x'.repeat(150) }));
    for (const line of lines) log(line);
    expect(writes).toEqual([]);
    await vi.waitFor(() => expect(writes.length).toBeGreaterThan(1));
    for (const w of writes) {
      expect(Buffer.byteLength(w)).toBeLessThanOrEqual(ATOMIC_WRITE_BYTES);
      expect(w.endsWith('\n')).toBe(true);
    }
    expect(writes.join('')).toBe(lines.map((l) => `${l}\n`).join(''));
    log('next turn');
    await vi.waitFor(() => expect(writes.at(-1)).toBe('next turn\n'));
  });
});
