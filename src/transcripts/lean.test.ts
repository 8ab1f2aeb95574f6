import { describe, expect, it } from 'vitest';
import { LEAN_TEXT_BYTES, leanAssistant, leanToolResult } from './lean.js';
import { parseTranscriptBuffer } from './reader.js';

const line = (value: unknown) => Buffer.from(JSON.stringify(value));

const assistant = (content: unknown, extra: Record<string, unknown> = {}) => ({
  parentUuid: 'p-1',
  isSidechain: false,
  sessionId: 's-1',
  version: '2.1.0',
  cwd: '/w',
  message: { model: 'claude-x', id: 'msg_1', type: 'message', role: 'assistant', content, usage: { input_tokens: 3 } },
  requestId: 'req_1',
  type: 'assistant',
  uuid: 'u-1',
  timestamp: '2026-01-01T00:00:00Z',
  ...extra,
});

describe('leanAssistant', () => {
  it('keeps the envelope, message id/model, tool ids and names, and inputs only of the tools a scan reads', () => {
    const rec = leanAssistant(
      line(
        assistant([
          { type: 'thinking', thinking: 'secret "quoted" \\ thoughts', signature: 'abc' },
          { type: 'text', text: 'Done: "all" good' },
          { type: 'tool_use', id: 'toolu_1', name: 'Skill', input: { skill: 'pdf', args: 'a "b"' } },
          { type: 'tool_use', id: 'toolu_2', name: 'Write', input: { file_path: '/x', content: 'x'.repeat(10000) } },
          { type: 'tool_use', id: 'toolu_3', name: 'Bash', input: { command: 'git reset --hard' } },
        ]),
      ),
    );
    expect(rec).toEqual({
      type: 'assistant',
      uuid: 'u-1',
      parentUuid: 'p-1',
      timestamp: '2026-01-01T00:00:00Z',
      sessionId: 's-1',
      cwd: '/w',
      version: '2.1.0',
      requestId: 'req_1',
      message: {
        id: 'msg_1',
        model: 'claude-x',
        content: [
          { type: 'text', text: 'Done: "all" good' },
          { type: 'tool_use', id: 'toolu_1', name: 'Skill', input: { skill: 'pdf', args: 'a "b"' } },
          { type: 'tool_use', id: 'toolu_2', name: 'Write', input: null },
          { type: 'tool_use', id: 'toolu_3', name: 'Bash', input: { command: 'git reset --hard' } },
        ],
      },
    });
  });

  it('tells blank text from visible text exactly as trim() does, escapes and Unicode spaces included', () => {
    const textOf = (text: string) => {
      const rec = leanAssistant(line(assistant([{ type: 'text', text }])));
      if (!rec) throw new Error('expected an assistant record');
      return ((rec.message as { content: Array<{ text: string }> }).content[0] as { text: string }).text;
    };
    expect(textOf('')).toBe('');
    expect(textOf(' \n\t\r ')).toBe('');
    expect(textOf('\u3000\u00a0')).toBe('');
    expect(textOf('\n\nok')).toBe('\n\nok');
    expect(textOf('\u3000好')).toBe('\u3000好');
    expect(textOf('\b')).toBe('\b');
  });

  it('keeps the opening of long text, cut at a character boundary and never inside an escape', () => {
    const textOf = (text: string) => {
      const rec = leanAssistant(line(assistant([{ type: 'text', text }])));
      if (!rec) throw new Error('expected an assistant record');
      return ((rec.message as { content: Array<{ text: string }> }).content[0] as { text: string }).text;
    };
    const short = 'a'.repeat(LEAN_TEXT_BYTES - 2);
    expect(textOf(short)).toBe(short);
    const long = 'x'.repeat(2000);
    expect(textOf(long)).toBe('x'.repeat(LEAN_TEXT_BYTES));
    // Multi-byte characters (3 bytes each in UTF-8): never half a character.
    const han = '好'.repeat(400);
    const head = textOf(han);
    expect(han.startsWith(head)).toBe(true);
    expect(head.length).toBe(Math.floor(LEAN_TEXT_BYTES / 3));
    // Escapes straddling the cut: every offset of a newline, a quote and a \u escape near the end.
    for (let pad = LEAN_TEXT_BYTES - 8; pad <= LEAN_TEXT_BYTES + 2; pad++)
      for (const special of ['\n', '"', '\\', '\u0001', '😀'])
        for (const tail of ['', 'z'.repeat(50)]) {
          const text = `${'y'.repeat(pad)}${special}${tail}`;
          const got = textOf(text);
          expect(text.startsWith(got), JSON.stringify({ pad, special })).toBe(true);
          expect(got.length).toBeGreaterThanOrEqual(pad - 6);
        }
  });

  it('decodes escaped envelope values, resolves duplicate keys like JSON.parse, and reads flags', () => {
    const raw = Buffer.from(
      '{"uuid":"first","message":{"id":"m\\u0031","content":[]},"type":"assistant","uuid":"u\\"2","isSidechain":true,"agentId":"a1","isApiErrorMessage":true}',
    );
    expect(leanAssistant(raw)).toEqual({
      type: 'assistant',
      uuid: 'u"2',
      agentId: 'a1',
      isSidechain: true,
      isApiErrorMessage: true,
      message: { id: 'm1', content: [] },
    });
  });

  it('leaves irregular lines to the ordinary parse (null)', () => {
    const good = JSON.stringify(assistant([{ type: 'text', text: 'hi' }]));
    expect(leanAssistant(Buffer.from(good))).not.toBeNull();
    expect(leanAssistant(Buffer.from(good.slice(0, -5)))).toBeNull(); // truncated
    expect(leanAssistant(Buffer.from(good + good))).toBeNull(); // spliced
    expect(leanAssistant(Buffer.from(`[${good}]`))).toBeNull();
    expect(leanAssistant(line(assistant('plain string content')))).toBeNull();
    expect(leanAssistant(line({ ...assistant([]), type: 'attachment' }))).toBeNull();
    expect(leanAssistant(Buffer.from('{"type":"assistant","message":{"content":[}]}}'))).toBeNull();
  });
});

describe('leanToolResult', () => {
  const result = (blocks: unknown[], extra: Record<string, unknown> = {}) => ({
    parentUuid: 'p',
    isSidechain: false,
    type: 'user',
    message: { role: 'user', content: blocks },
    uuid: 'u',
    timestamp: 't',
    toolUseResult: { stdout: '"uuid":"nested"', nested: { uuid: 'deep', isSidechain: true } },
    ...extra,
  });

  it('reads one non-error result from the structure (nested look-alike keys ignored)', () => {
    const facts = leanToolResult(line(result([{ tool_use_id: 'toolu_9', type: 'tool_result', content: 'x "y" \\ z' }])));
    expect(facts).toEqual({ toolUseId: 'toolu_9', uuid: 'u', parentUuid: 'p', timestamp: 't', isSidechain: false });
  });

  it('refuses errors, several blocks, prompts and broken lines', () => {
    expect(leanToolResult(line(result([{ tool_use_id: 'a', type: 'tool_result', content: 'e', is_error: true }])))).toBeNull();
    expect(
      leanToolResult(
        line(
          result([
            { tool_use_id: 'a', type: 'tool_result', content: '1' },
            { tool_use_id: 'b', type: 'tool_result', content: '2' },
          ]),
        ),
      ),
    ).toBeNull();
    expect(leanToolResult(line(result([{ type: 'text', text: 'hello' }])))).toBeNull();
    const ok = JSON.stringify(result([{ tool_use_id: 'a', type: 'tool_result', content: 'x' }]));
    expect(leanToolResult(Buffer.from(ok.slice(0, 60)))).toBeNull();
  });
});

describe('lines whose structure is whole but whose values are not valid JSON', () => {
  const good = (uuid: string) =>
    `{"message":{"id":"m-${uuid}","content":[{"type":"text","text":"hi"}]},"type":"assistant","uuid":"${uuid}"}`;
  const broken = [
    '{"message":{"id":"m2","content":[]},"type":"assistant","uuid":"u\\x2"}', // bad escape in a decoded string
    '{"message":{"id":"m3","content":[{"type":"tool_use","id":"t1","name":"Skill","input":{"skill":tru}}]},"type":"assistant","uuid":"u3"}', // bad scalar in a parsed input
    '{"message":{"id":"m4","content":[{"type":"text","text":"\\u00zz"}]},"type":"assistant","uuid":"u4"}', // bad escape in text
  ];

  it('are left to the ordinary parse (null) instead of throwing', () => {
    for (const raw of broken) expect(leanAssistant(Buffer.from(raw))).toBeNull();
    expect(leanToolResult(Buffer.from('{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"a\\q"}]}}'))).toBeNull();
  });

  it('are reported once and the read goes on, exactly as without the lean decoder', () => {
    for (const raw of broken) {
      const bytes = Buffer.from(`${good('u1')}\n${raw}\n${good('u9')}\n`);
      const lean = parseTranscriptBuffer('f.jsonl', bytes, { lean: true });
      const full = parseTranscriptBuffer('f.jsonl', bytes, { lean: false });
      expect(lean.records.map((r) => r.data.uuid)).toEqual(['u1', 'u9']);
      expect(lean.issues).toEqual(full.issues);
      expect(lean.issues).toHaveLength(1);
      expect(lean.issues[0]).toMatchObject({ line: 2, kind: 'malformed' });
    }
  });
});
