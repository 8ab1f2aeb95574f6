import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../test/support/child.js';
import { REAL_CLIENT_DIR, realClientSubset } from '../../test/support/real-client-subset.js';
import { buildConversations } from '../transcripts/conversation.js';
import { discoverTranscripts } from '../transcripts/discovery.js';
import { dedupeRecords } from '../transcripts/read.js';
import { readTranscriptFile } from '../transcripts/reader.js';
import type { TranscriptFile } from '../transcripts/types.js';
import { judgeConversations, scanTranscriptFile } from './scan-file.js';

const corpus = join(repoRoot, '..', 'shared', 'corpus', 'claude-code');

/** The reference: full records (JSON.parse of every line kept), held in memory, then judged. */
async function fullScan(file: TranscriptFile, start: { offset: number; line: number }, windowTurns: number) {
  const read = await readTranscriptFile(file.path, { startOffset: start.offset, startLine: start.line });
  dedupeRecords([read]);
  const judged = judgeConversations(buildConversations(read.records, file), windowTurns, {
    offset: read.completeOffset,
    line: read.nextLine,
  });
  return { ...judged, offset: read.completeOffset, nextLine: read.nextLine, malformed: read.stats.malformed, issues: read.issues };
}

async function expectSameOutcome(files: readonly TranscriptFile[], windowTurns = 3) {
  let invocations = 0;
  let events = 0;
  for (const file of files) {
    const starts = [{ offset: 0, line: 1 }];
    const lean = await scanTranscriptFile({ file, start: starts[0] as { offset: number; line: number }, windowTurns });
    // Resuming where the lean scan says the next read starts must agree as well.
    if (lean.resume.offset > 0) starts.push(lean.resume);
    for (const start of starts) {
      const got = start.offset === 0 ? lean : await scanTranscriptFile({ file, start, windowTurns });
      const want = await fullScan(file, start, windowTurns);
      const label = `${file.path} from ${start.offset}`;
      expect(got.invocations, label).toEqual(want.invocations);
      expect(got.events, label).toEqual(want.events);
      expect(got.judgedWithoutEvent, label).toEqual(want.judgedWithoutEvent);
      expect([got.resume, got.openWindows, got.mainThread], label).toEqual([want.resume, want.openWindows, want.mainThread]);
      expect([got.offset, got.nextLine, got.stats.malformed], label).toEqual([want.offset, want.nextLine, want.malformed]);
      expect(got.issues, label).toEqual(want.issues);
    }
    invocations += lean.invocations.length;
    events += lean.events.length;
  }
  return { invocations, events };
}

describe('scanTranscriptFile (lean, streaming) matches the full read', () => {
  it('on every shared corpus transcript, from the start and from the resume point', async () => {
    const { files } = await discoverTranscripts({ paths: [corpus] });
    expect(files.length).toBeGreaterThan(30);
    const totals = await expectSameOutcome(files);
    expect(totals.invocations).toBeGreaterThan(10);
  });

  // A fixed subset of the real-client fixtures (test/support/real-client-subset.ts): every shape they
  // hold, without growing with each blind round of the same shapes.
  it('on every transcript of the real-client fixture subset, with windows of 1 and 3 turns', async () => {
    const { files } = await discoverTranscripts({ paths: realClientSubset().map((name) => join(REAL_CLIENT_DIR, name)) });
    expect(files.length).toBeGreaterThan(40);
    const three = await expectSameOutcome(files, 3);
    expect(three.events).toBeGreaterThan(20);
    await expectSameOutcome(files, 1);
  });
});
