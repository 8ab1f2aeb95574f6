import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SkillpulseError } from '../errors.js';
import { classifyTranscriptPath, defaultRoots, discoverTranscripts, skipReason } from './discovery.js';

const S1 = '11111111-1111-4111-8111-111111111111';
const S2 = '22222222-2222-4222-8222-222222222222';
let home: string;

async function touch(file: string, content = '{"type":"summary","summary":"x","leafUuid":"y"}\n') {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

beforeAll(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'skillpulse-home-'));
  const projects = path.join(home, '.claude', 'projects');
  await touch(path.join(projects, '-w-app', `${S2}.jsonl`));
  await touch(path.join(projects, '-w-app', `${S1}.jsonl`));
  await touch(path.join(projects, '-w-app', 'agent-1a2b3c4d.jsonl'));
  await touch(path.join(projects, '-w-app', S1, 'subagents', 'agent-a52886dc180afb356.jsonl'));
  await touch(path.join(projects, '-w-app', S1, 'subagents', 'agent-a52886dc180afb356.meta.json'), '{"toolUseId":"toolu_1"}');
  await touch(path.join(projects, '-w-app', S1, 'subagents', 'workflows', 'run1', 'agent-b1.jsonl'));
  await touch(path.join(projects, '-w-app', S1, 'subagents', 'workflows', 'run1', 'journal.jsonl'));
  await touch(path.join(projects, '-tmp-pytest-x', `${S2}.jsonl`), '');
  await touch(path.join(projects, '-w-observer-sessions', `${S1}.jsonl`));
  await touch(path.join(home, '.config', 'claude', 'projects', '-w-other', `${S1}.jsonl`));
  await touch(path.join(projects, 'notes.txt'), 'not a transcript');
  // A symlink loop must not hang discovery.
  await symlink(projects, path.join(projects, '-w-app', 'loop'));
});

afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

describe('defaultRoots', () => {
  it('uses ~/.claude/projects and ~/.config/claude/projects from the HOME given', () => {
    expect(defaultRoots({ HOME: '/h' })).toEqual(['/h/.claude/projects', '/h/.config/claude/projects']);
  });
  it('uses each CLAUDE_CONFIG_DIR entry (comma list) instead', () => {
    expect(defaultRoots({ HOME: '/h', CLAUDE_CONFIG_DIR: '/a, ~/b ,' })).toEqual(['/a/projects', '/h/b/projects']);
  });
  it('has no roots without a home', () => {
    expect(defaultRoots({})).toEqual([]);
  });
});

describe('discoverTranscripts', () => {
  it('finds every transcript under the default roots, sorted, classified, loop-safe', async () => {
    const found = await discoverTranscripts({ env: { HOME: home } });
    const rel = found.files.map((f) => [path.relative(home, f.path), f.kind, f.sessionId, f.agentId, f.projectDir]);
    expect(rel).toEqual([
      [`.claude/projects/-tmp-pytest-x/${S2}.jsonl`, 'session', S2, null, '-tmp-pytest-x'],
      // Per folder: main-thread files, then subagent files, then subfolders (`<session>/subagents/`).
      [`.claude/projects/-w-app/${S1}.jsonl`, 'session', S1, null, '-w-app'],
      [`.claude/projects/-w-app/${S2}.jsonl`, 'session', S2, null, '-w-app'],
      ['.claude/projects/-w-app/agent-1a2b3c4d.jsonl', 'subagent', null, '1a2b3c4d', '-w-app'],
      [`.claude/projects/-w-app/${S1}/subagents/agent-a52886dc180afb356.jsonl`, 'subagent', S1, 'a52886dc180afb356', '-w-app'],
      [`.claude/projects/-w-app/${S1}/subagents/workflows/run1/agent-b1.jsonl`, 'subagent', S1, 'b1', '-w-app'],
      [`.config/claude/projects/-w-other/${S1}.jsonl`, 'session', S1, null, '-w-other'],
    ]);
    expect(found.skipped.map((s) => [path.basename(path.dirname(s.path)), path.basename(s.path), s.reason])).toEqual([
      ['run1', 'journal.jsonl', 'not a subagent transcript (workflow journal or other file)'],
      ['-w-observer-sessions', `${S1}.jsonl`, 'observer session'],
    ]);
    const first = found.files[0]!;
    expect(first.size).toBe(0);
    expect(first.ino).toBeGreaterThan(0);
    expect(first.mtimeMs).toBeGreaterThan(0);
    expect(found.roots.map((r) => r.exists)).toEqual([true, true]);
  });

  it('reads explicit folders and files (relative to cwd) instead of the defaults', async () => {
    const found = await discoverTranscripts({
      paths: ['.config', `.claude/projects/-w-app/${S2}.jsonl`],
      cwd: home,
      env: { HOME: '/nowhere' },
    });
    expect(found.files.map((f) => path.basename(f.path))).toEqual([`${S1}.jsonl`, `${S2}.jsonl`]);
    expect(found.files[1]?.root).toBe(path.join(home, '.claude/projects/-w-app', `${S2}.jsonl`));
  });

  it('fails with NOT_FOUND naming a missing explicit path', async () => {
    const missing = path.join(home, 'no-such-folder');
    const error = await discoverTranscripts({ paths: [missing] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SkillpulseError);
    expect((error as SkillpulseError).code).toBe('NOT_FOUND');
    expect((error as SkillpulseError).message).toContain(missing);
  });

  it('reports missing default roots without failing', async () => {
    const found = await discoverTranscripts({ env: { HOME: path.join(home, 'empty') } });
    expect(found.files).toEqual([]);
    expect(found.roots.map((r) => r.exists)).toEqual([false, false]);
  });
});

describe('main threads before their subagents', () => {
  it('reads <session>.jsonl before <session>/subagents/ and flattened agent files, so uuid dedupe keeps the main thread', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'skillpulse-order-'));
    try {
      const S3 = 'b3333333-3333-4333-8333-333333333333';
      const line = (uuid: string, text: string) =>
        `${JSON.stringify({ type: 'user', uuid, parentUuid: null, sessionId: S3, timestamp: '2026-01-01T00:00:00Z', message: { role: 'user', content: text } })}\n`;
      // The subagent transcript starts with a copy of the main thread's record.
      await touch(path.join(dir, '-p', `${S3}.jsonl`), line('u-main', 'hello from the main thread'));
      await touch(
        path.join(dir, '-p', S3, 'subagents', 'agent-x1.jsonl'),
        line('u-main', 'hello from the main thread') + line('u-sub', 'sub'),
      );
      await touch(path.join(dir, '-p', 'agent-0a.jsonl'), line('u-old', 'old-layout agent'));
      const found = await discoverTranscripts({ paths: [dir] });
      expect(found.files.map((f) => [path.relative(dir, f.path), f.kind])).toEqual([
        [`-p/${S3}.jsonl`, 'session'],
        ['-p/agent-0a.jsonl', 'subagent'],
        [`-p/${S3}/subagents/agent-x1.jsonl`, 'subagent'],
      ]);
      const { readConversations } = await import('./read.js');
      const read = await readConversations(found.files);
      const main = read.conversations.find((c) => c.kind === 'session' && c.file.endsWith(`${S3}.jsonl`));
      expect(main?.events.some((e) => e.type === 'human' && e.turn.text === 'hello from the main thread')).toBe(true);
      expect(read.stats.duplicates).toBe(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('classifyTranscriptPath', () => {
  it('understands names flattened with __ for folders (the shared corpus, archives)', () => {
    const c = classifyTranscriptPath(`/c/repo__-experiments-worktrees__${S1}__subagents__agent-a52886dc180afb356.jsonl`, '/c');
    expect([c.kind, c.sessionId, c.agentId]).toEqual(['subagent', S1, 'a52886dc180afb356']);
    const flat = classifyTranscriptPath('/c/repo__-src-deep-manifest__agent-c8d9b115.jsonl', '/c');
    expect([flat.kind, flat.sessionId, flat.agentId]).toEqual(['subagent', null, 'c8d9b115']);
    const main = classifyTranscriptPath(`/c/repo__-src-x__${S2}.jsonl`, '/c');
    expect([main.kind, main.sessionId]).toEqual(['session', S2]);
    expect(classifyTranscriptPath('/c/full.jsonl', '/c').sessionId).toBeNull();
  });
});

describe('folder-by-folder classification', () => {
  it('agrees with classifyTranscriptPath and skipReason per path on odd layouts (roots with a trailing slash, below subagents/ or observer folders, links)', async () => {
    const base = await mkdtemp(path.join(tmpdir(), 'skillpulse-classify-'));
    try {
      const names = [
        `projects/-p/${S1}.jsonl`,
        `projects/-p/__.jsonl`,
        'projects/-p/.jsonl',
        'projects/-p/agent-.jsonl',
        'projects/-p/agent-x.jsonl',
        `projects/-p/repo__${S2}__subagents__agent-a1.jsonl`,
        'projects/-p/x__subagents__journal.jsonl',
        `projects/-p/${S1}/subagents/agent-b2.jsonl`,
        `projects/-p/${S1}/subagents/notes.jsonl`,
        `projects/-p/${S1}/subagents/deeper/${S2}/agent-c3.jsonl`,
        `projects/-q-observer-sessions/${S2}.jsonl`,
        `projects/-q/a-observer-sessions-b.jsonl`,
        `projects/${S2}.jsonl`,
        'projects/subagents/agent-d4.jsonl',
        `observer-sessions/subagents/projects/-r/${S1}.jsonl`,
        'observer-sessions/subagents/projects/-r/agent-e5.jsonl',
      ];
      for (const name of names) await touch(path.join(base, name));
      await symlink(path.join(base, 'projects', '-q'), path.join(base, 'projects', '-p', 'link-to-q'));
      await symlink(path.join(base, 'observer-sessions'), path.join(base, 'projects', '-p', 'link-out'));
      const roots = [
        `${path.join(base, 'projects')}${path.sep}`,
        path.join(base, 'observer-sessions', 'subagents', 'projects'),
        path.join(base, 'observer-sessions', 'subagents'),
        base,
      ];
      for (const root of roots) {
        const found = await discoverTranscripts({ paths: [root] });
        expect(found.files.length + found.skipped.length).toBeGreaterThan(0);
        for (const file of found.files) {
          const { size, mtimeMs, dev, ino, ...classified } = file;
          expect(classified).toEqual(classifyTranscriptPath(file.path, file.root));
          expect(skipReason(file.path, file.root)).toBeNull();
          expect(size).toBeGreaterThan(0);
        }
        const rootPath = path.normalize(root);
        for (const skipped of found.skipped) expect(skipped.reason).toBe(skipReason(skipped.path, rootPath));
        // Every .jsonl under the root is either found or skipped exactly once (links read once).
        const seen = [...found.files.map((f) => f.path), ...found.skipped.map((s) => s.path)];
        expect(new Set(seen).size).toBe(seen.length);
      }
      const all = await discoverTranscripts({ paths: [base] });
      expect(all.files.length + all.skipped.length).toBe(names.length);
      expect(all.skipped.map((s) => s.reason).sort()).toEqual([
        'not a subagent transcript (workflow journal or other file)',
        'not a subagent transcript (workflow journal or other file)',
        'observer session',
        'observer session',
        'observer session',
        'observer session',
      ]);
    } finally {
      await rm(base, { recursive: true, force: true });
    }
  });
});
