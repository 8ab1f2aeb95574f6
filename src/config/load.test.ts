import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatError, SkillpulseError } from '../errors.js';
import { encodeProjectDir, findProjectConfig, isProjectExcluded, jsonPath, loadConfig, parseConfigText } from './load.js';

function errorOf(fn: () => unknown): SkillpulseError {
  try {
    fn();
  } catch (error) {
    if (error instanceof SkillpulseError) return error;
    throw error;
  }
  throw new Error('expected an error');
}

function scratch() {
  const root = mkdtempSync(join(tmpdir(), 'skillpulse-config-'));
  const home = join(root, 'home');
  const project = join(root, 'work', 'app');
  mkdirSync(join(home, '.skillpulse'), { recursive: true });
  mkdirSync(join(project, '.skillpulse'), { recursive: true });
  mkdirSync(join(project, 'src', 'deep'), { recursive: true });
  return { root, home, project, env: { HOME: home } as NodeJS.ProcessEnv };
}

describe('parseConfigText', () => {
  it('reports a wrong type with its JSON path and the file', () => {
    const error = errorOf(() => parseConfigText('{"window": "3"}', '/cfg/config.json'));
    expect(error.code).toBe('CONFIG');
    expect(error.location).toEqual({ file: '/cfg/config.json', field: 'window' });
    expect(formatError(error)).toMatch(/^\/cfg\/config\.json: window: expected a number, got "3"/);
  });

  it('reports an unknown key with a suggestion, nested paths included', () => {
    expect(formatError(errorOf(() => parseConfigText('{"windw": 3}', 'c.json')))).toContain(
      'c.json: windw: unknown key (did you mean "window"?)',
    );
    const nested = errorOf(() => parseConfigText('{"snippets": {"maxLen": 10}}', 'c.json'));
    expect(nested.location.field).toBe('snippets.maxLen');
    expect(nested.message).toContain('did you mean "maxLength"');
  });

  it('reports every problem at once, with array indexes in paths', () => {
    const error = errorOf(() => parseConfigText('{"sessionRoots": ["a", 7], "snippets": {"mode": "full"}, "archiveDays": -1}', 'c.json'));
    expect(error.message).toMatch(/^3 problems: /);
    expect(error.message).toContain('sessionRoots[1]: expected a string, got 7');
    expect(error.message).toContain('snippets.mode: expected one of "redacted", "none", got "full"');
    expect(error.message).toContain('archiveDays: must be ≥ 0, got -1');
  });

  it('gives the line of a JSON syntax error', () => {
    const error = errorOf(() => parseConfigText('{\n  "window": 3,\n}\n', 'c.json'));
    expect(error.location.line).toBe(3);
    expect(error.message).toMatch(/^is not valid JSON/);
  });

  it('accepts a byte-order mark and an empty object', () => {
    expect(parseConfigText('\ufeff{}', 'c.json')).toEqual({});
  });

  it('builds JSON paths', () => {
    expect(jsonPath(['a', 0, 'b'])).toBe('a[0].b');
    expect(jsonPath(['weird key'])).toBe('["weird key"]');
  });
});

describe('loadConfig', () => {
  it('gives the defaults with no files', () => {
    const { home, project, env } = scratch();
    const { config, sources } = loadConfig({ env, cwd: project });
    expect(sources).toEqual([]);
    expect(config).toEqual({
      enabled: true,
      sessionRoots: [join(home, '.claude', 'projects')],
      excludeProjects: [],
      window: 3,
      minInvocations: 5,
      archiveDays: 90,
      snippets: { mode: 'redacted', maxLength: 200 },
      lexicons: { languages: null, files: [] },
    });
  });

  it('merges project over user over defaults, objects key by key, resolving paths per file', () => {
    const { home, project, env } = scratch();
    writeFileSync(
      join(home, '.skillpulse', 'config.json'),
      JSON.stringify({
        window: 5,
        archiveDays: 30,
        sessionRoots: ['~/transcripts', 'rel'],
        snippets: { maxLength: 80 },
        excludeProjects: ['~/secret', '-tmp-x'],
      }),
    );
    writeFileSync(
      join(project, '.skillpulse', 'config.json'),
      JSON.stringify({ window: 2, snippets: { mode: 'none' }, lexicons: { files: ['lex/fr.json'] } }),
    );
    const { config, sources } = loadConfig({ env, cwd: join(project, 'src', 'deep') });
    expect(sources.map((s) => s.scope)).toEqual(['user', 'project']);
    expect(config.window).toBe(2);
    expect(config.archiveDays).toBe(30);
    expect(config.sessionRoots).toEqual([join(home, 'transcripts'), join(home, 'rel')]);
    expect(config.snippets).toEqual({ mode: 'none', maxLength: 80 });
    expect(config.lexicons.files).toEqual([join(project, 'lex', 'fr.json')]);
    expect(config.excludeProjects).toEqual([join(home, 'secret'), '-tmp-x']);
  });

  it('uses SKILLPULSE_HOME for the user file', () => {
    const { root, project, env } = scratch();
    const alt = join(root, 'alt');
    mkdirSync(alt);
    writeFileSync(join(alt, 'config.json'), '{"minInvocations": 9}');
    expect(loadConfig({ env: { ...env, SKILLPULSE_HOME: alt }, cwd: project }).config.minInvocations).toBe(9);
  });

  it('names the file of an invalid project config', () => {
    const { project, env } = scratch();
    const file = join(project, '.skillpulse', 'config.json');
    writeFileSync(file, '{"window": 99}');
    const error = errorOf(() => loadConfig({ env, cwd: project }));
    expect(error.location).toEqual({ file, field: 'window' });
    expect(error.message).toBe('must be ≤ 20, got 99');
  });

  it('does not take HOME/.skillpulse/config.json for a project file', () => {
    const { home, env } = scratch();
    mkdirSync(join(home, 'code'));
    writeFileSync(join(home, '.skillpulse', 'config.json'), '{}');
    expect(findProjectConfig(join(home, 'code'), env)).toBeNull();
  });
});

describe('isProjectExcluded', () => {
  const config = { excludeProjects: ['/home/me/secret', '-tmp-scratch', '*client-*'] };
  it('matches paths, their subfolders, transcript folder names and patterns', () => {
    expect(isProjectExcluded(config, '/home/me/secret', null)).toBe(true);
    expect(isProjectExcluded(config, '/home/me/secret/sub', null)).toBe(true);
    expect(isProjectExcluded(config, '/home/me/secretive', null)).toBe(false);
    expect(isProjectExcluded(config, null, encodeProjectDir('/home/me/secret'))).toBe(true);
    expect(isProjectExcluded(config, null, '-tmp-scratch')).toBe(true);
    expect(isProjectExcluded(config, '/work/client-acme', null)).toBe(true);
    expect(isProjectExcluded(config, '/work/app', '-work-app')).toBe(false);
  });
});
