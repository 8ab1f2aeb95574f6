import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { detach, slimRecord } from './records.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

describe('slimRecord keeps cut-short text without its source', () => {
  it('a cut tool_result does not keep the megabyte it was cut from alive', () => {
    const kept: unknown[] = [];
    const before = heapAfterGc();
    for (let i = 0; i < 40; i++) {
      // JSON.parse, as the reader does: a fresh 1 MB string per record.
      const data = JSON.parse(
        JSON.stringify({
          type: 'user',
          message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${i}`, content: `${'x'.repeat(1_000_000)}${i}` }] },
        }),
      );
      kept.push(slimRecord(data));
    }
    const grown = heapAfterGc() - before;
    expect(kept).toHaveLength(40);
    // 40 × 1 MB would stay reachable through V8's sliced strings; the cuts alone are ~40 × 4 KB.
    expect(grown).toBeLessThan(8_000_000);
  });

  it('detach copies every UTF-16 code unit exactly, lone surrogates included', () => {
    const text = `a\u00e9\u4e2d\ud83d\ude00\ud800z`;
    expect(detach(text)).toBe(text);
    expect(detach('')).toBe('');
  });
});
