/**
 * Lexicon selection (config `lexicons.languages` / `lexicons.files`): loading, validation of extra
 * files (errors name file and field), caching, fingerprint, and the analyzeSessions option.
 */
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildConversation } from '../../test/support/conversation.js';
import { SkillpulseError } from '../errors.js';
import { analyzeConversation, analyzeSessions } from './analyze.js';
import { defaultLexicons, isDefaultLexiconSelection, lexiconSelectionFingerprint, loadLexicons } from './lexicon.js';

const dir = () => mkdtempSync(join(tmpdir(), 'skillpulse-lexicon-'));
const french = {
  language: 'fr',
  name: 'Français',
  mode: 'word',
  negators: ['pas'],
  signals: { acceptance: ['merci', 'parfait'], rejection: ['faux'] },
  dimensions: {},
};

function write(folder: string, name: string, data: unknown): string {
  const file = join(folder, name);
  writeFileSync(file, typeof data === 'string' ? data : JSON.stringify(data));
  return file;
}

function caught(fn: () => unknown): SkillpulseError {
  try {
    fn();
  } catch (e) {
    if (e instanceof SkillpulseError) return e;
    throw e;
  }
  throw new Error('expected a SkillpulseError');
}

function outcomes(text: string, selection: Parameters<typeof loadLexicons>[0]) {
  const { conversation, located } = buildConversation([{ skill: 's' }, { user: text }]);
  return analyzeConversation(conversation, located, { lexiconSelection: selection })[0]!.classification!.outcome;
}

describe('loadLexicons (config lexicons.languages / lexicons.files)', () => {
  it('the default selection is the bundled set', () => {
    expect(loadLexicons()).toBe(defaultLexicons());
    expect(loadLexicons({ languages: null, files: [] })).toBe(defaultLexicons());
    expect(isDefaultLexiconSelection({ languages: null })).toBe(true);
    expect(isDefaultLexiconSelection({ languages: ['en'] })).toBe(false);
  });
  it('languages keeps only those lexicons: with only English, Chinese reactions are not read', () => {
    expect(loadLexicons({ languages: ['en'] }).map((l) => l.language)).toEqual(['en']);
    expect(outcomes('谢谢', { languages: ['en'] })).toBe('none');
    expect(outcomes('谢谢', {})).toBe('acceptance');
    expect(outcomes('thanks', { languages: ['en'] })).toBe('acceptance');
  });
  it('an extra file adds a language (relative paths resolve against cwd); the filter applies to it too', () => {
    const d = dir();
    write(d, 'fr.json', french);
    expect(loadLexicons({ files: ['fr.json'] }, { cwd: d }).map((l) => l.language)).toEqual(['de', 'en', 'zh', 'fr']);
    const onlyFr = { languages: ['fr'], files: [join(d, 'fr.json')] };
    expect(loadLexicons(onlyFr).map((l) => l.language)).toEqual(['fr']);
    expect(outcomes('merci, parfait', onlyFr)).toBe('acceptance');
    expect(outcomes("c'est faux", onlyFr)).toBe('correction');
    expect(outcomes('thanks', onlyFr)).toBe('none');
  });
  it('a missing extra file names the file and the config field', () => {
    const e = caught(() => loadLexicons({ files: ['/nonexistent/de.json'] }));
    expect(e.code).toBe('CONFIG');
    expect(e.message).toMatch(/does not exist/);
    expect(e.location).toMatchObject({ file: resolve('/nonexistent/de.json'), field: 'lexicons.files.0' });
  });
  it('an invalid extra file names the file and the field inside it', () => {
    const d = dir();
    const bad = write(d, 'bad.json', { ...french, signals: { acceptance: ['merci', 42] } });
    expect(caught(() => loadLexicons({ files: [bad] })).location).toMatchObject({ file: bad, field: 'signals.acceptance.1' });
    const unknown = write(d, 'unknown.json', { ...french, signals: { praise: ['merci'] } });
    expect(caught(() => loadLexicons({ files: [unknown] })).location).toMatchObject({ file: unknown, field: 'signals' });
    const regex = write(d, 'regex.json', { ...french, signal_patterns: { redo: ['(encore'] } });
    expect(caught(() => loadLexicons({ files: [regex] })).location).toMatchObject({ file: regex, field: 'signal_patterns.redo.0' });
    const cases = write(d, 'cases.json', { ...french, question_cases: { seen_markers: 'pourquoi|(' } });
    expect(caught(() => loadLexicons({ files: [cases] })).location).toMatchObject({ file: cases, field: 'question_cases.seen_markers' });
    const unknownCase = write(d, 'unknown-case.json', { ...french, question_cases: { why: 'pourquoi' } });
    expect(caught(() => loadLexicons({ files: [unknownCase] })).code).toBe('CONFIG');
    const blank = write(d, 'blank.json', { ...french, signals: { acceptance: ['  '] } });
    expect(caught(() => loadLexicons({ files: [blank] })).location).toMatchObject({ file: blank, field: 'signals.acceptance.0' });
  });
  it('a JSON syntax error names the file and the line', () => {
    const d = dir();
    const broken = write(d, 'broken.json', '{\n  "language": "fr",\n  "name": oops\n}');
    const e = caught(() => loadLexicons({ files: [broken] }));
    expect(e.location.file).toBe(broken);
    if (e.location.line !== undefined) expect(e.location.line).toBe(3);
  });
  it('a language no lexicon provides, or an empty list, is an error naming lexicons.languages', () => {
    const e = caught(() => loadLexicons({ languages: ['en', 'xx'] }));
    expect(e.message).toMatch(/"xx".*available: de, en, zh/);
    expect(e.location).toMatchObject({ field: 'lexicons.languages' });
    expect(caught(() => loadLexicons({ languages: [] })).location).toMatchObject({ field: 'lexicons.languages' });
  });
  it('is cached per selection and re-reads an extra file that changed', () => {
    const d = dir();
    const file = write(d, 'fr.json', french);
    const first = loadLexicons({ files: [file] });
    expect(loadLexicons({ files: [file] })).toBe(first);
    write(d, 'fr.json', { ...french, signals: { acceptance: ['génial'] } });
    utimesSync(file, new Date(Date.now() + 5000), new Date(Date.now() + 5000));
    const second = loadLexicons({ files: [file] });
    expect(second).not.toBe(first);
    expect(second.find((l) => l.language === 'fr')!.signals.acceptance.map((t) => t.term)).toEqual(['génial']);
  });
  it('the fingerprint is empty for the default selection and follows languages and file content', () => {
    const d = dir();
    const file = write(d, 'fr.json', french);
    expect(lexiconSelectionFingerprint(undefined)).toBe('');
    expect(lexiconSelectionFingerprint({ languages: null, files: [] })).toBe('');
    const a = lexiconSelectionFingerprint({ files: [file] });
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(lexiconSelectionFingerprint({ files: [file], languages: ['fr'] })).not.toBe(a);
    write(d, 'fr.json', { ...french, name: 'French' });
    expect(lexiconSelectionFingerprint({ files: [file] })).not.toBe(a);
  });
});

describe('analyzeSessions({ lexiconSelection })', () => {
  const fixture = resolve('test/fixtures/real-client/fb-zh-budui-budui/projects');
  it('classifies with the selected lexicons', async () => {
    const all = await analyzeSessions({ sessionDirs: [fixture], env: {} });
    const enOnly = await analyzeSessions({ sessionDirs: [fixture], env: {}, lexiconSelection: { languages: ['en'] } });
    expect(all.invocations.map((a) => a.classification?.outcome)).toContain('correction');
    expect(enOnly.invocations.map((a) => a.classification?.outcome)).not.toContain('correction');
    expect(enOnly.invocations.length).toBe(all.invocations.length);
  });
  it('a bad selection is a CONFIG error before any transcript is read', async () => {
    await expect(
      analyzeSessions({ sessionDirs: [dir()], env: {}, lexiconSelection: { files: ['missing.json'] }, cwd: dir() }),
    ).rejects.toMatchObject({
      code: 'CONFIG',
      location: { field: 'lexicons.files.0' },
    });
  });
});
