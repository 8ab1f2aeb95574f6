import { mkdtemp, rm, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTranscriptBuffer, readTranscriptFile } from './reader.js';
import { isLite, type RecordData } from './records.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'skillpulse-reader-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const user = (uuid: string, text: string) =>
  JSON.stringify({
    parentUuid: null,
    isSidechain: false,
    type: 'user',
    message: { role: 'user', content: text },
    uuid,
    timestamp: '2026-01-01T00:00:00Z',
  });
const skillCall = (uuid: string, id: string, skill: string) =>
  JSON.stringify({
    parentUuid: null,
    message: { id: `msg_${uuid}`, role: 'assistant', content: [{ type: 'tool_use', id, name: 'Skill', input: { skill } }] },
    type: 'assistant',
    uuid,
    timestamp: '2026-01-01T00:00:01Z',
  });
const readCall = (uuid: string, id: string) =>
  JSON.stringify({
    parentUuid: null,
    message: { id: `msg_${uuid}`, role: 'assistant', content: [{ type: 'tool_use', id, name: 'Read', input: { file_path: '/x' } }] },
    type: 'assistant',
    uuid,
  });
const result = (uuid: string, id: string, text: string, isError = false) =>
  JSON.stringify({
    parentUuid: null,
    isSidechain: false,
    type: 'user',
    message: { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content: text, ...(isError ? { is_error: true } : {}) }] },
    uuid,
    timestamp: '2026-01-01T00:00:02Z',
    toolUseResult: isError ? `Error: ${text}` : { type: 'text' },
  });

async function fileWith(name: string, content: string | Buffer): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, content);
  return file;
}

function types(records: { data: RecordData | { type: string } }[]): string[] {
  return records.map((r) => r.data.type);
}

describe('readTranscriptFile: chunking', () => {
  const lines = [user('u1', 'hello'), skillCall('a1', 'toolu_1', 'pdf'), user('u2', 'a'.repeat(300)), user('u3', 'ünïcödé 文字 🎉')];
  const text = `${lines.join('\n')}\n`;

  it.each([16, 17, 31, 64, 100, 1024 * 1024])('reads the same records with a %i-byte buffer', async (bufferSize) => {
    const file = await fileWith(`chunks-${bufferSize}.jsonl`, text);
    const result = await readTranscriptFile(file, { bufferSize });
    expect(result.issues).toEqual([]);
    expect(result.records.map((r) => [r.line, r.offset, r.data.type])).toEqual([
      [1, 0, 'user'],
      [2, lines[0]!.length + 1, 'assistant'],
      [3, lines[0]!.length + lines[1]!.length + 2, 'user'],
      [4, Buffer.byteLength(lines.slice(0, 3).join('\n')) + 1, 'user'],
    ]);
    const last = result.records[3]!.data as RecordData;
    expect((last.message as { content: string }).content).toBe('ünïcödé 文字 🎉');
    expect(result.completeOffset).toBe(Buffer.byteLength(text));
    expect(result.stats).toMatchObject({ files: 1, lines: 4, parsed: 4, malformed: 0, bytes: Buffer.byteLength(text) });
  });

  it('reads a line far longer than the buffer', async () => {
    const long = user('big', 'x'.repeat(50_000));
    const file = await fileWith('long.jsonl', `${user('u1', 'a')}\n${long}\n${user('u2', 'b')}\n`);
    const result = await readTranscriptFile(file, { bufferSize: 64 });
    expect(result.records.map((r) => (r.data as RecordData).uuid)).toEqual(['u1', 'big', 'u2']);
    expect(((result.records[1]!.data as RecordData).message as { content: string }).content.length).toBe(50_000);
  });

  it('skips (and reports) a line over maxLineBytes without holding it', async () => {
    const file = await fileWith('overlong.jsonl', `${user('u1', 'a')}\n${user('big', 'y'.repeat(5000))}\n${user('u2', 'b')}\n`);
    const result = await readTranscriptFile(file, { bufferSize: 64, maxLineBytes: 1000 });
    expect(result.records.map((r) => (r.data as RecordData).uuid)).toEqual(['u1', 'u2']);
    expect(result.issues).toHaveLength(1);
    expect(result.issues[0]).toMatchObject({ line: 2, kind: 'malformed' });
    expect(result.stats.malformed).toBe(1);
  });

  it('handles CRLF line ends and blank lines', async () => {
    const file = await fileWith('crlf.jsonl', `${user('u1', 'a')}\r\n\r\n\n${user('u2', 'b')}\r\n`);
    const result = await readTranscriptFile(file, { bufferSize: 16 });
    expect(result.records.map((r) => [r.line, (r.data as RecordData).uuid])).toEqual([
      [1, 'u1'],
      [4, 'u2'],
    ]);
    expect(result.issues).toEqual([]);
  });

  it('reads an empty file', async () => {
    const file = await fileWith('empty.jsonl', '');
    const result = await readTranscriptFile(file);
    expect(result.records).toEqual([]);
    expect(result.stats).toMatchObject({ lines: 0, bytes: 0 });
    expect(result.completeOffset).toBe(0);
  });

  it('reuses read buffers between files without stale bytes (a short file after a long one)', async () => {
    const long = await fileWith('reuse-long.jsonl', `${user('u1', 'L'.repeat(5000))}\n${user('u2', 'M'.repeat(5000))}\n`);
    const short = await fileWith('reuse-short.jsonl', `${user('u3', 'x')}\n${user('u4', 'yz')}`);
    const contents = (records: { data: unknown }[]) => records.map((r) => ((r.data as RecordData).message as { content: string }).content);
    expect(contents((await readTranscriptFile(long)).records).map((t) => t.length)).toEqual([5000, 5000]);
    const again = await readTranscriptFile(short);
    expect(contents(again.records)).toEqual(['x', 'yz']);
    expect(again.issues).toEqual([]);
    expect(again.completeOffset).toBe(user('u3', 'x').length + 1);
  });

  it('reports an unreadable file as an io issue, never throws', async () => {
    const result = await readTranscriptFile(path.join(dir, 'missing.jsonl'));
    expect(result.issues).toEqual([expect.objectContaining({ kind: 'io', line: 1 })]);
    expect(result.issues[0]!.message).toContain('cannot read');
  });
});

describe('readTranscriptFile: damage', () => {
  it('recovers both records of a spliced line', async () => {
    const file = await fileWith('splice.jsonl', `${user('u1', 'a')}${user('u2', 'b }{ inside a string')}\n${user('u3', 'c')}\n`);
    const result = await readTranscriptFile(file);
    expect(result.records.map((r) => [r.line, (r.data as RecordData).uuid])).toEqual([
      [1, 'u1'],
      [1, 'u2'],
      [2, 'u3'],
    ]);
    expect(result.issues).toEqual([expect.objectContaining({ line: 1, kind: 'spliced' })]);
    expect(result.stats.recovered).toBe(2);
    expect(result.stats.malformed).toBe(0);
  });

  it('steps over a truncated stub spliced before a complete record', async () => {
    const stub = user('u1', 'this record was cut off').slice(0, 60);
    const file = await fileWith('stub.jsonl', `${stub}${user('u2', 'b')}\n`);
    const result = await readTranscriptFile(file);
    expect(result.records.map((r) => (r.data as RecordData).uuid)).toEqual(['u2']);
    expect(result.issues[0]).toMatchObject({ kind: 'spliced', line: 1 });
    expect(result.issues[0]!.message).toMatch(/dropped/);
  });

  it('does not mistake a nested block of a cut-off record for a record', async () => {
    // Cut just after the complete tool_use block (and the complete message object around it).
    const whole = skillCall('a1', 'toolu_1', 'pdf');
    const cut = whole.slice(0, whole.indexOf(']') + 2);
    expect(cut.endsWith('}]}')).toBe(true);
    const file = await fileWith('nested.jsonl', `${cut}\n`);
    const result = await readTranscriptFile(file);
    expect(result.records).toEqual([]);
    expect(result.stats.malformed).toBe(1);
  });

  it('parses an unterminated complete last line but leaves it out of completeOffset', async () => {
    const first = user('u1', 'a');
    const file = await fileWith('unterminated.jsonl', `${first}\n${user('u2', 'b')}`);
    const result = await readTranscriptFile(file);
    expect(result.records.map((r) => (r.data as RecordData).uuid)).toEqual(['u1', 'u2']);
    expect(result.issues).toEqual([]);
    expect(result.completeOffset).toBe(first.length + 1);
    expect(result.nextLine).toBe(2);
  });

  it('reports a truncated last line', async () => {
    const file = await fileWith('truncated.jsonl', `${user('u1', 'a')}\n${user('u2', 'b').slice(0, 40)}`);
    const result = await readTranscriptFile(file);
    expect(result.records).toHaveLength(1);
    expect(result.issues).toEqual([expect.objectContaining({ line: 2, kind: 'truncated' })]);
    expect(result.stats.malformed).toBe(1);
  });

  it('skips a line of NUL bytes and cleans NULs out of a record', async () => {
    const nul = Buffer.alloc(40, 0);
    const bytes = Buffer.concat([
      Buffer.from(`${user('u1', 'a')}\n`),
      nul,
      Buffer.from('\n'),
      Buffer.from([0, 0]),
      Buffer.from(`${user('u2', 'b')}\n`),
    ]);
    const file = await fileWith('nul.jsonl', bytes);
    const result = await readTranscriptFile(file);
    expect(result.records.map((r) => (r.data as RecordData).uuid)).toEqual(['u1', 'u2']);
    expect(result.issues.map((i) => [i.line, i.kind])).toEqual([
      [2, 'null-bytes'],
      [3, 'null-bytes'],
    ]);
    expect(result.stats.malformed).toBe(1);
  });

  it('decodes invalid UTF-8 with replacement characters and reports it', async () => {
    const line = Buffer.from(user('u1', 'bad: XX'));
    const at = line.indexOf('XX');
    line[at] = 0xff;
    line[at + 1] = 0xfe;
    const file = await fileWith('utf8.jsonl', Buffer.concat([line, Buffer.from('\n')]));
    const result = await readTranscriptFile(file);
    expect(result.records).toHaveLength(1);
    expect(((result.records[0]!.data as RecordData).message as { content: string }).content).toBe('bad: \ufffd\ufffd');
    expect(result.issues).toEqual([expect.objectContaining({ line: 1, kind: 'invalid-utf8' })]);
  });

  it('reports JSON that is not a record and keeps unknown types', async () => {
    const file = await fileWith('odd.jsonl', `[1,2]\n42\n{"no":"type"}\nnot json at all\n{"type":"brand-new-type","x":{"y":1}}\n`);
    const result = await readTranscriptFile(file);
    expect(types(result.records)).toEqual(['brand-new-type']);
    expect(result.issues.map((i) => [i.line, i.kind])).toEqual([
      [1, 'not-an-object'],
      [2, 'not-an-object'],
      [3, 'not-an-object'],
      [4, 'malformed'],
    ]);
    expect(result.stats.malformed).toBe(4);
  });
});

describe('readTranscriptFile: resume from an offset', () => {
  it('reads only the appended lines, numbering them on', async () => {
    const file = path.join(dir, 'grow.jsonl');
    await writeFile(file, `${user('u1', 'a')}\n${user('u2', 'b')}\n${user('u3', 'partial').slice(0, 30)}`);
    const first = await readTranscriptFile(file);
    expect(first.records).toHaveLength(2);
    expect(first.issues[0]).toMatchObject({ kind: 'truncated', line: 3 });
    // The writer finishes the partial line and appends another.
    await writeFile(file, `${user('u1', 'a')}\n${user('u2', 'b')}\n${user('u3', 'partial')}\n`);
    await appendFile(file, `${user('u4', 'd')}\n`);
    const second = await readTranscriptFile(file, {
      startOffset: first.completeOffset,
      startLine: first.nextLine,
      toolNames: first.toolNames,
    });
    expect(second.records.map((r) => [r.line, (r.data as RecordData).uuid])).toEqual([
      [3, 'u3'],
      [4, 'u4'],
    ]);
    expect(second.issues).toEqual([]);
    expect(second.records[0]!.offset).toBe(first.completeOffset);
  });
});

describe('pre-filter', () => {
  it('skips progress lines even when they embed a Skill call and a user message', () => {
    const progress = JSON.stringify({
      parentUuid: 'p',
      isSidechain: false,
      type: 'progress',
      data: {
        type: 'agent_progress',
        message: { type: 'user', message: { role: 'user', content: [{ type: 'tool_use', name: 'Skill', input: { skill: 'x' } }] } },
      },
      uuid: 'prog',
    });
    const result = parseTranscriptBuffer(
      'mem',
      Buffer.from(`${progress}\n{"type":"file-history-snapshot","messageId":"m","snapshot":{}}\n`),
    );
    expect(result.records).toEqual([]);
    expect(result.stats.prefiltered).toBe(2);
    expect(result.stats.parsed).toBe(0);
  });

  it('does not trust a "type" marker that sits inside a nested object', () => {
    // `message` first: the first `"type":"` belongs to a nested block, so the line is parsed.
    const line = JSON.stringify({ message: { content: [{ type: 'progress' }] }, type: 'user', uuid: 'u' });
    const result = parseTranscriptBuffer('mem', Buffer.from(`${line}\n`));
    expect(types(result.records)).toEqual(['user']);
  });

  it('links non-error results of quiet tools from raw bytes, and parses the rest', () => {
    const lines = [
      readCall('a1', 'toolu_r'),
      result('r1', 'toolu_r', 'file contents '.repeat(100)),
      skillCall('a2', 'toolu_s', 'pdf'),
      result('r2', 'toolu_s', 'Launching skill: pdf'),
      readCall('a3', 'toolu_e'),
      result('r3', 'toolu_e', 'File does not exist.', true),
      result('r4', 'toolu_unknown', 'no call seen for this id'),
    ];
    const read = parseTranscriptBuffer('mem', Buffer.from(`${lines.join('\n')}\n`));
    const lite = read.records.filter((r) => isLite(r.data));
    expect(lite).toHaveLength(1);
    expect(lite[0]!.data).toEqual({
      type: 'user',
      lite: 'tool_result',
      toolUseId: 'toolu_r',
      uuid: 'r1',
      parentUuid: null,
      timestamp: '2026-01-01T00:00:02Z',
      isSidechain: false,
    });
    expect(read.stats.prefiltered).toBe(1);
    expect(read.stats.parsed).toBe(6);
  });

  it('gives the same records with the pre-filter off, apart from lite stubs', () => {
    const text = `${readCall('a1', 'toolu_r')}\n${result('r1', 'toolu_r', 'x')}\n${user('u1', 'hi')}\n`;
    const on = parseTranscriptBuffer('mem', Buffer.from(text));
    const off = parseTranscriptBuffer('mem', Buffer.from(text), { prefilter: false });
    expect(off.stats.prefiltered).toBe(0);
    expect(off.records.map((r) => (r.data as RecordData).uuid)).toEqual(on.records.map((r) => (r.data as { uuid: string | null }).uuid));
  });
});

describe('blob stripping', () => {
  it('drops base64 image payloads before parsing and keeps the prompt text', () => {
    const data = 'iVBORw0KGgo'.repeat(200);
    const line = JSON.stringify({
      type: 'user',
      uuid: 'u-img',
      message: {
        role: 'user',
        content: [
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data } },
          { type: 'text', text: 'what is "data":"x" in this screenshot?' },
        ],
      },
    });
    const read = parseTranscriptBuffer('mem', Buffer.from(`${line}\n`));
    expect(read.issues).toEqual([]);
    const content = ((read.records[0]!.data as RecordData).message as { content: unknown[] }).content;
    expect(content).toEqual([{ type: 'image' }, { type: 'text', text: 'what is "data":"x" in this screenshot?' }]);
  });
});

describe('withoutBlobs', () => {
  it('empties long backslash-free data strings and leaves everything else alone', async () => {
    const { withoutBlobs } = await import('./prefilter.js');
    const blob = 'A'.repeat(2000);
    const escaped = `${'B'.repeat(600)}\\n${'C'.repeat(600)}`;
    const line = Buffer.from(`{"a":{"data":"${blob}"},"b":{"data":"short"},"c":{"data":"${escaped}"},"type":"user"}`);
    const out = withoutBlobs(line);
    expect(JSON.parse(out.toString())).toEqual({
      a: { data: '' },
      b: { data: 'short' },
      c: { data: escaped.replace('\\n', '\n') },
      type: 'user',
    });
    const plain = Buffer.from('{"type":"user"}');
    expect(withoutBlobs(plain)).toBe(plain);
  });
});
