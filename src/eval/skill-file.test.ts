import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SkillpulseError } from '../errors.js';
import { assertValidSkill, parseSkillMd, readSkillDir, validateSkillFrontmatter, withDescription } from './skill-file.js';

const fm = (yaml: string, body = '\n# Body\n') => `---\n${yaml}\n---\n${body}`;
const messages = (yaml: string) => validateSkillFrontmatter(parseSkillMd(fm(yaml), 'SKILL.md').frontmatter).map((i) => i.message);

describe('parseSkillMd: description as YAML (V10)', () => {
  it.each([
    ['description: "Foo: bar"', 'Foo: bar'],
    ['description: >-\n  one\n  two', 'one two'],
    ['description: |\n  a\n\n  b', 'a\n\nb'],
    ["description: 'It''s'", "It's"],
    ['description:   padded   ', 'padded'],
  ])('%j', (yaml, expected) => {
    expect(parseSkillMd(fm(`name: demo\n${yaml}`), 'SKILL.md').description).toBe(expected);
  });

  it('keeps the body', () => {
    const skill = parseSkillMd(fm('name: demo\ndescription: d', '\n# Title\ntext\n'), 'x/SKILL.md');
    expect(skill.body).toBe('\n# Title\ntext\n');
    expect(skill.name).toBe('demo');
  });

  it('rejects missing, malformed and non-mapping frontmatter with file and line', () => {
    const err = (text: string) => {
      try {
        parseSkillMd(text, 'skills/x/SKILL.md');
      } catch (e) {
        return e as SkillpulseError;
      }
      throw new Error('no error');
    };
    expect(err('# no frontmatter').message).toBe('No YAML frontmatter found');
    expect(err('---\nname: x\n').message).toBe('Invalid frontmatter format');
    const yamlErr = err('---\nname: x\ndescription: [unclosed\n---\n');
    expect(yamlErr.message).toMatch(/^Invalid YAML in frontmatter: /);
    expect(yamlErr.location.file).toBe('skills/x/SKILL.md');
    expect(yamlErr.location.line).toBeGreaterThanOrEqual(2);
    expect(err('---\n- a\n- b\n---\n').message).toBe('Frontmatter must be a YAML dictionary');
  });
});

describe('validateSkillFrontmatter (V9)', () => {
  it.each([
    ['name: My-Skill\ndescription: d', "Name 'My-Skill' should be kebab-case (lowercase letters, digits, and hyphens only)"],
    ['name: -abc\ndescription: d', "Name '-abc' cannot start/end with hyphen or contain consecutive hyphens"],
    ['name: a--b\ndescription: d', "Name 'a--b' cannot start/end with hyphen or contain consecutive hyphens"],
    [`name: ${'a'.repeat(65)}\ndescription: d`, 'Name is too long (65 characters). Maximum is 64 characters.'],
    ['name: ok\ndescription: uses <tag>', 'Description cannot contain angle brackets (< or >)'],
    [`name: ok\ndescription: ${'x'.repeat(1025)}`, 'Description is too long (1025 characters). Maximum is 1024 characters.'],
    [
      'name: ok\ndescription: d\nversion: 1',
      'Unexpected key(s) in SKILL.md frontmatter: version. Allowed properties are: allowed-tools, compatibility, description, license, metadata, name',
    ],
    ['description: d', "Missing 'name' in frontmatter"],
    ['name: ok', "Missing 'description' in frontmatter"],
    ['name: 12\ndescription: d', 'Name must be a string, got int'],
  ])('%#', (yaml, message) => {
    expect(messages(yaml)).toContain(message);
  });

  it('accepts a valid skill, and counts code points', () => {
    expect(messages('name: ok\ndescription: fine\nlicense: MIT\nallowed-tools: Read')).toEqual([]);
    expect(messages(`name: ok\ndescription: ${'😀'.repeat(1024)}`)).toEqual([]);
  });

  it('assertValidSkill throws the first error with file and field, returns warnings', () => {
    const bad = parseSkillMd(fm('name: Bad\ndescription: d'), 'a/SKILL.md');
    expect(() => assertValidSkill(bad)).toThrow(/kebab-case/);
    try {
      assertValidSkill(bad);
    } catch (e) {
      expect((e as SkillpulseError).location).toEqual({ file: 'a/SKILL.md', field: 'name' });
    }
    const warn = parseSkillMd(fm('name: ok\ndescription: d\nargument-hint: x'), 'a/SKILL.md');
    expect(assertValidSkill(warn).map((w) => w.field)).toEqual(['argument-hint']);
  });
});

describe('withDescription', () => {
  it('replaces only the description, keeping other keys and the body', () => {
    const skill = parseSkillMd(fm('name: demo\n# comment\ndescription: old\nlicense: MIT', '\nBody: text\n'), 'SKILL.md');
    const text = withDescription(skill, 'New: "quoted" text\nsecond line');
    const again = parseSkillMd(text, 'SKILL.md');
    expect(again.description).toBe('New: "quoted" text\nsecond line');
    expect(again.frontmatter.license).toBe('MIT');
    expect(again.body).toBe('\nBody: text\n');
    expect(text).toContain('# comment');
  });
});

describe('readSkillDir', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });
  it('reads SKILL.md and reports a missing one as NOT_FOUND', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sp-skill-'));
    dirs.push(dir);
    await expect(readSkillDir(dir)).rejects.toThrow(`No SKILL.md found at ${dir}`);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'SKILL.md'), fm('name: demo\ndescription: Demo skill'));
    expect((await readSkillDir(dir)).description).toBe('Demo skill');
  });
});
