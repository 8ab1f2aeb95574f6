import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFeedbackConfig } from './config.js';
import { eventId, type FeedbackEvent, serializeEvent } from './event.js';
import { archiveOldEvents, loadFeedbackEvents, writeFeedbackEvents } from './jsonl-store.js';
import { makeSnippet, redactSecrets } from './redact.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'fb-'));

function ev(id: string, timestamp: string, extra: Partial<FeedbackEvent> = {}): FeedbackEvent {
  return {
    event_id: id,
    timestamp,
    session_id: 's',
    skill_id: 'sk',
    invocation_uuid: id,
    outcome: 'acceptance',
    confidence: 0.8,
    correction_type: null,
    user_message_snippet: 'ok',
    turns_to_feedback: 1,
    ai_tools_used: [],
    dimension_hint: null,
    ...extra,
  };
}

describe('event identity and serialisation', () => {
  it('#50 event_id vector', () => {
    expect(eventId('inv-1', 'sk')).toBe('0ead50dd84490e7a');
    expect(eventId('A1', 'cpp-expert')).toBe('d62328ba0a10931b');
  });
  it('#52 line 1 bytes, Python separators, non-ASCII literal', () => {
    const e: FeedbackEvent = {
      event_id: 'd62328ba0a10931b',
      timestamp: '2026-11-20T10:00:00Z',
      session_id: 'sess-123',
      skill_id: 'cpp-expert',
      invocation_uuid: 'A1',
      outcome: 'correction',
      confidence: 0.9,
      correction_type: 'rejection',
      user_message_snippet: '不对，命名错了',
      turns_to_feedback: 1,
      ai_tools_used: [],
      dimension_hint: 'accuracy',
    };
    expect(serializeEvent(e)).toBe(
      '{"event_id": "d62328ba0a10931b", "timestamp": "2026-11-20T10:00:00Z", "session_id": "sess-123", "skill_id": "cpp-expert", "invocation_uuid": "A1", "outcome": "correction", "confidence": 0.9, "correction_type": "rejection", "user_message_snippet": "不对，命名错了", "turns_to_feedback": 1, "ai_tools_used": [], "dimension_hint": "accuracy"}',
    );
    expect(serializeEvent({ ...e, ai_tools_used: ['Edit', 'Read'], confidence: 0.45 })).toContain('"confidence": 0.45, ');
    expect(serializeEvent({ ...e, ai_tools_used: ['Edit', 'Read'] })).toContain('"ai_tools_used": ["Edit", "Read"]');
  });
});

describe('snippets and redaction', () => {
  it('#51 whitespace collapsed, 200 code points', () => {
    const s = makeSnippet(`  不对\n\n  ${'x'.repeat(300)}`);
    expect(s.startsWith('不对 xxx')).toBe(true);
    expect([...s].length).toBe(200);
  });
  it('#77 250 emoji → 200 code points', () => {
    const s = makeSnippet('😀'.repeat(250));
    expect([...s].length).toBe(200);
    expect(s.length).toBe(400);
  });
  it('--no-snippets gives an empty snippet', () => {
    expect(makeSnippet('wrong', { enabled: false })).toBe('');
  });
  it.each([
    ['OpenAI/Anthropic key', 'use sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWx please', 'sk-ant'],
    ['GitHub classic token', 'token ghp_abcdefghijklmnopqrstuvwxyz0123456789', 'ghp_'],
    ['GitHub OAuth token', 'gho_abcdefghijklmnopqrstuvwxyz0123456789', 'gho_'],
    ['GitHub fine-grained PAT', 'github_pat_11ABCDEFG0123456789_abcdefghijklmnop', 'github_pat_'],
    ['AWS key id', 'AKIAIOSFODNN7EXAMPLE is the key', 'AKIAIOSFODNN7EXAMPLE'],
    ['Slack token', 'xoxb-123456789012-abcdefghij', 'xoxb-'],
    ['JWT', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U', 'eyJhbGci'],
    ['Bearer token', 'curl -H "Authorization: Bearer abc.def-ghi_jkl123"', 'abc.def'],
    ['private key block', '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----', 'MIIEow'],
    ['password=', 'login with password=hunter2 now', 'hunter2'],
    ['token=', 'TOKEN=abc123secret ./run', 'abc123secret'],
    ['secret:', 'secret: "s3cr3t value"', 's3cr3t'],
    ['api_key=', 'api_key=zzz999', 'zzz999'],
    ['URL credentials', 'git clone https://bob:pa55word@example.com/x.git', 'pa55word'],
  ])('redacts %s', (_name, text, secret) => {
    const out = redactSecrets(text);
    expect(out).not.toContain(secret);
    expect(out).toContain('[REDACTED]');
    expect(makeSnippet(text)).not.toContain(secret);
    expect(makeSnippet(text, { enabled: true })).toContain('[REDACTED]');
  });
  it('keeps ordinary text', () => {
    expect(redactSecrets('the token budget is too small; skip the password step')).toBe(
      'the token budget is too small; skip the password step',
    );
  });
  it('redacts before cutting, so a secret across the 200 boundary is not half kept', () => {
    const s = makeSnippet(`${'a '.repeat(95)}sk-${'Z'.repeat(40)}`);
    expect(s).not.toContain('ZZZZ');
  });
});

describe('writing and dedupe', () => {
  it('#56 the same event twice in one batch → 1 line; across runs → still 1 line', () => {
    const dir = tmp();
    const store = join(dir, 'feedback-store', 'feedback.jsonl');
    expect(writeFeedbackEvents(store, [ev('a', '2026-11-20T10:00:00Z'), ev('a', '2026-11-20T10:00:00Z')])).toEqual({
      written: 1,
      duplicates: 1,
    });
    expect(writeFeedbackEvents(store, [ev('a', '2026-11-20T10:00:00Z'), ev('b', '2026-11-20T10:00:00Z')])).toEqual({
      written: 1,
      duplicates: 1,
    });
    expect(readFileSync(store, 'utf8').trim().split('\n')).toHaveLength(2);
    expect(readdirSync(join(dir, 'feedback-store')).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });
  it('keeps unparsable lines verbatim and adds a missing final newline', () => {
    const dir = tmp();
    const store = join(dir, 'f.jsonl');
    writeFileSync(store, 'garbage line\n{"event_id": "x", "skill_id": "s", "outcome": "acceptance"}');
    writeFeedbackEvents(store, [ev('y', '2026-11-20T10:00:00Z')]);
    const lines = readFileSync(store, 'utf8').split('\n');
    expect(lines[0]).toBe('garbage line');
    expect(lines[2]).toContain('"event_id": "y"');
    const skipped: string[] = [];
    const loaded = loadFeedbackEvents(store, { onSkip: (_f, l, r) => skipped.push(`${l}:${r}`) });
    expect(loaded.map((e) => e.event_id)).toEqual(['x', 'y']);
    expect(skipped).toEqual(['1:not valid JSON']);
  });
  it('a missing store loads as empty', () => {
    expect(loadFeedbackEvents(join(tmp(), 'none.jsonl'))).toEqual([]);
  });
});

describe('archive (fixed now)', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString().replace('.000Z', 'Z');
  function seed() {
    const dir = tmp();
    const store = join(dir, 'feedback.jsonl');
    writeFileSync(
      store,
      [
        serializeEvent(ev('old', daysAgo(91))),
        '{"event_id": "nots", "skill_id": "s", "outcome": "acceptance"}',
        'malformed {',
        serializeEvent(ev('new', daysAgo(89))),
        serializeEvent(ev('naive', '2026-01-01T00:00:00')),
      ].join('\n') + '\n',
    );
    return { dir, store };
  }
  it('#57 + D13: old and naive-old lines move to archive/feedback-<today>.jsonl, the rest stay in order', () => {
    const { dir, store } = seed();
    const r = archiveOldEvents(store, { days: 90, now });
    expect(r.archived).toBe(2);
    expect(r.file).toBe(join(dir, 'archive', 'feedback-20261121.jsonl'));
    const kept = readFileSync(store, 'utf8').trim().split('\n');
    expect(kept.map((l) => l.slice(0, 24))).toEqual([
      '{"event_id": "nots", "sk',
      'malformed {',
      serializeEvent(ev('new', daysAgo(89))).slice(0, 24),
    ]);
    expect(readFileSync(r.file!, 'utf8').trim().split('\n')).toHaveLength(2);
  });
  it('archiving twice loses and duplicates nothing; archived events are not re-added', () => {
    const { dir, store } = seed();
    archiveOldEvents(store, { days: 90, now });
    expect(archiveOldEvents(store, { days: 90, now })).toEqual({ archived: 0, alreadyArchived: 0, file: null });
    // A re-analysis produces the old event again: it is already archived, so it is not written.
    expect(writeFeedbackEvents(store, [ev('old', daysAgo(91))]).written).toBe(0);
    // A crash between archive and store rewrite leaves the event in both; the next run finishes.
    writeFileSync(store, `${readFileSync(store, 'utf8')}${serializeEvent(ev('old', daysAgo(91)))}\n`);
    const r = archiveOldEvents(store, { days: 90, now: new Date(now.getTime() + 86_400_000) });
    expect(r).toMatchObject({ archived: 1, alreadyArchived: 1 });
    const all = loadFeedbackEvents(store, { includeArchive: true })
      .map((e) => e.event_id)
      .sort();
    expect(all).toEqual(['naive', 'new', 'nots', 'old']);
    const archived = readdirSync(join(dir, 'archive')).flatMap((n) =>
      readFileSync(join(dir, 'archive', n), 'utf8')
        .trim()
        .split('\n'),
    );
    expect(archived.filter((l) => l.includes('"old"'))).toHaveLength(1);
  });
  it('--archive-days 0 never archives', () => {
    const { store } = seed();
    expect(archiveOldEvents(store, { days: 0, now }).archived).toBe(0);
  });
});

describe('opt-out config', () => {
  const home = (content: string | null) => {
    const h = tmp();
    if (content !== null) {
      mkdirSync(join(h, '.claude'));
      writeFileSync(join(h, '.claude', 'feedback-config.json'), content);
    }
    return h;
  };
  it('#54 enabled false disables', () => {
    expect(readFeedbackConfig(home('{"enabled": false}'))).toMatchObject({ enabled: false, warning: null });
  });
  it('absent or enabled true', () => {
    expect(readFeedbackConfig(home(null))).toMatchObject({ enabled: true, warning: null });
    expect(readFeedbackConfig(home('{"enabled": true}')).enabled).toBe(true);
  });
  it.each(['{not json', '[1]', '{"enabled": "no"}'])('#75 malformed %s is reported, collection continues', (content) => {
    const h = home(content);
    const state = readFeedbackConfig(h);
    expect(state.enabled).toBe(true);
    expect(state.warning).toContain(join(h, '.claude', 'feedback-config.json'));
  });
});
