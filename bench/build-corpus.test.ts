import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCorpus, DEFAULT_SOURCES, MANIFEST, parseSize } from './build-corpus.js';
import { CopyRewriter, groupRegex } from './corpus-rewrite.js';
import { loadSourceGroups, UUID_TEXT } from './corpus-sources.js';

const OPTIONS = { seed: 'test-seed', totalBytes: 6e6, files: 100, bigBytes: 3e6 };
const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'skillpulse-bench-corpus-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function walk(dir: string, base = dir, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, base, out);
    else out.push(path.slice(base.length + 1));
  }
  return out;
}

function digest(dir: string): string {
  const hash = createHash('sha256');
  for (const rel of walk(join(dir, 'projects'))) {
    hash.update(`${rel}\0`);
    hash.update(readFileSync(join(dir, 'projects', rel)));
  }
  return hash.digest('hex');
}

/** Replaces every id and timestamp by its order of first appearance: equal for consistent rewrites. */
function skeleton(text: string, regex: RegExp): string {
  const seen = new Map<string, number>();
  regex.lastIndex = 0;
  return text.replace(regex, (match, cwd, uuid, token, ts, _frac, agent, odd) => {
    if (cwd !== undefined) return '<cwd>';
    if (ts !== undefined) return '<ts>';
    const key = uuid ?? token ?? agent ?? odd ?? match;
    if (!seen.has(key)) seen.set(key, seen.size);
    // An odd id matches with its quotes; its replacement (a uuid) matches without them.
    return odd !== undefined ? `"<${seen.get(key)}>"` : `<${seen.get(key)}>`;
  });
}

describe('benchmark corpus builder', () => {
  const groups = loadSourceGroups(DEFAULT_SOURCES);

  it('writes the ~/.claude layout with the requested shape, and two builds are byte-identical', () => {
    const a = tempDir();
    const b = tempDir();
    const first = buildCorpus(a, OPTIONS);
    buildCorpus(b, OPTIONS);
    expect(first.reused).toBe(false);
    expect(digest(a)).toBe(digest(b));

    const m = first.manifest;
    expect(m.files).toBe(walk(join(a, 'projects')).length);
    expect(Math.abs(m.files - OPTIONS.files)).toBeLessThanOrEqual(2);
    expect(m.bytes).toBeGreaterThan(OPTIONS.totalBytes * 0.85);
    expect(m.bytes).toBeLessThan(OPTIONS.totalBytes * 1.25);
    expect(m.bigFile.bytes).toBeGreaterThanOrEqual(OPTIONS.bigBytes);
    for (const f of m.list) {
      expect(f.path).toMatch(
        /^projects\/-[A-Za-z0-9-]+\/(?:[0-9a-f-]{36}\.jsonl|agent-[0-9a-f]+\.jsonl|[0-9a-f-]{36}\/subagents\/agent-[0-9a-f]+\.jsonl)$/,
      );
      expect(statSync(join(a, f.path)).size).toBe(f.bytes);
    }
    // Many small files, and mtimes spread over months.
    expect(m.list.filter((f) => f.bytes < 20_000).length).toBeGreaterThan(OPTIONS.files / 4);
    const months = new Set(m.list.map((f) => statSync(join(a, f.path)).mtime.toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThan(5);
  });

  it('reuses a current corpus and refuses to overwrite a folder it did not write', () => {
    const dir = tempDir();
    buildCorpus(dir, OPTIONS);
    expect(buildCorpus(dir, OPTIONS).reused).toBe(true);
    const foreign = tempDir();
    writeFileSync(join(foreign, 'precious.txt'), 'keep me');
    expect(() => buildCorpus(foreign, OPTIONS)).toThrow(/refusing/);
    expect(readFileSync(join(foreign, 'precious.txt'), 'utf8')).toBe('keep me');
    expect(readdirSync(foreign)).not.toContain(MANIFEST);
  });

  it('no source id survives, and ids are rewritten consistently so links hold', () => {
    const dir = tempDir();
    const { manifest } = buildCorpus(dir, OPTIONS);
    const sourceIds = new Set<string>();
    for (const g of groups) {
      for (const f of [g.main, ...g.subagents]) {
        for (const m of f.text.matchAll(
          /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\b(?:msg|toolu|req)_[0-9A-Za-z_]{8,}/g,
        ))
          sourceIds.add(m[0]);
      }
    }
    expect(sourceIds.size).toBeGreaterThan(1000);
    for (const f of manifest.list) {
      const text = readFileSync(join(dir, f.path), 'latin1');
      for (const m of text.matchAll(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\b(?:msg|toolu|req)_[0-9A-Za-z_]{8,}/g)) {
        expect(sourceIds.has(m[0])).toBe(false);
      }
    }
    // The file name is the session id inside it; nested subagents point at their parent session.
    for (const f of manifest.list.filter((e) => e.kind === 'session')) {
      const id = f.path.split('/').at(-1)!.replace('.jsonl', '');
      const text = readFileSync(join(dir, f.path), 'latin1');
      const first = /"sessionId":"([^"]+)"/.exec(text);
      if (first) expect(first[1]).toBe(id);
    }
    const nested = manifest.list.filter((e) => e.path.includes('/subagents/'));
    expect(nested.length).toBeGreaterThan(0);
    for (const f of nested) {
      const parent = f.path.split('/')[2]!;
      expect(UUID_TEXT.test(parent)).toBe(true);
      const text = readFileSync(join(dir, f.path), 'latin1');
      expect(/"sessionId":"([^"]+)"/.exec(text)?.[1]).toBe(parent);
    }
  });

  it('a rewritten copy has the same structure: every id mapped one-to-one, malformed lines kept', () => {
    for (const g of groups) {
      // Agent ids are compared through their mapping; the rest through first-appearance order.
      const regex = groupRegex({ ...g, agentIds: [] });
      const tagAgents = (text: string, id: (source: string) => string) =>
        g.agentIds.reduce((t, a) => t.replace(new RegExp(`\\b${id(a)}\\b`, 'g'), `<agent:${a}>`), text);
      for (const file of [g.main, ...g.subagents]) {
        const rw = new CopyRewriter({ seed: `s${g.index}`, shiftMs: 86_400_000 * 40, cwdLiteral: '/home/x/y' });
        const out = rw.rewrite(file.text, groupRegex(g));
        for (const a of g.agentIds) expect(out).not.toMatch(new RegExp(`\\b${a}\\b`));
        const outBack = tagAgents(g.main.cwdLiteral ? out.replaceAll('/home/x/y', g.main.cwdLiteral) : out, (a) => rw.mapAgentId(a));
        expect(
          skeleton(outBack, regex) ===
            skeleton(
              tagAgents(file.text, (a) => a),
              regex,
            ),
        ).toBe(true);
        const srcLines = file.text.split('\n');
        const outLines = out.split('\n');
        expect(outLines.length).toBe(srcLines.length);
        const parses = (line: string) => {
          try {
            JSON.parse(Buffer.from(line, 'latin1').toString('utf8'));
            return true;
          } catch {
            return false;
          }
        };
        for (let i = 0; i < srcLines.length; i++) expect(parses(outLines[i]!)).toBe(parses(srcLines[i]!));
      }
    }
  });

  it('shifts timestamps by the copy offset, keeping their precision', () => {
    const g = groups.find((x) => x.main.firstMs !== null)!;
    const rw = new CopyRewriter({ seed: 'ts', shiftMs: 1000, cwdLiteral: '/x' });
    const out = rw.rewrite('{"timestamp":"2025-12-31T23:59:59.500Z","t2":"2025-01-01T00:00:00Z"}', groupRegex(g));
    expect(out).toBe('{"timestamp":"2026-01-01T00:00:00.500Z","t2":"2025-01-01T00:00:01Z"}');
  });

  it("marks each copy's human prompts, so copies do not repeat a message word for word; ids inside prompts are still rewritten", () => {
    const g = groups.find((x) => x.main.firstMs !== null)!;
    const id = '0b7f3c1e-5d2a-4c8b-9e6f-1a2b3c4d5e6f';
    const line = `{"type":"user","message":{"role":"user","content":"see ${id}, \\"quoted\\" ok?"},"uuid":"${id}"}`;
    const outs = ['a', 'b'].map((seed) => new CopyRewriter({ seed, shiftMs: 0, cwdLiteral: '/x' }).rewrite(line, groupRegex(g)));
    for (const out of outs) {
      const parsed = JSON.parse(out) as { message: { content: string }; uuid: string };
      expect(parsed.message.content).toMatch(/^see [0-9a-f-]{36}, "quoted" ok\? \[c[0-9a-f]{6}\]$/);
      expect(out).not.toContain(id);
      expect(parsed.message.content).toContain(parsed.uuid); // the same mapping inside and outside the prompt
    }
    expect(JSON.parse(outs[0]!).message.content).not.toBe(JSON.parse(outs[1]!).message.content);
    // Tool results (array content) are not prompts: no marker.
    const result = '{"type":"user","message":{"role":"user","content":[{"type":"tool_result","content":"x"}]}}';
    expect(new CopyRewriter({ seed: 'a', shiftMs: 0, cwdLiteral: '/x' }).rewrite(result, groupRegex(g))).toBe(result);
  });

  it('parses sizes in decimal units', () => {
    expect(parseSize('50MB')).toBe(50_000_000);
    expect(parseSize('1GB')).toBe(1e9);
    expect(parseSize('1.5kb')).toBe(1500);
    expect(() => parseSize('lots')).toThrow(/not a size/);
  });
});
