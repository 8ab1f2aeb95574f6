import { describe, expect, it } from 'vitest';
import { conversationOf, meta, prompt, system, toolResult, toolUse, type Line } from '../transcripts/test-support/records.js';
import { isBuiltinCommand, BUILTIN_COMMANDS } from './builtins.js';
import { detectInvocations, skillVersion } from './detect.js';
import data from './builtin-commands.json' with { type: 'json' };

const body = (dir: string, text = '# PDF\n\nDo PDF things.') => `Base directory for this skill: ${dir}\n\n${text}`;
const slash = (name: string, args?: string) =>
  prompt(
    `<command-message>${name}</command-message>\n<command-name>/${name}</command-name>${args === undefined ? '' : `\n<command-args>${args}</command-args>`}`,
  );

function detect(lines: Line[], kind: 'session' | 'subagent' = 'session') {
  return detectInvocations(conversationOf(lines, '/p/sess.jsonl', kind));
}
const brief = (found: ReturnType<typeof detect>) =>
  found.map(({ invocation: i }) => ({ skill: i.skill_id, trigger: i.trigger, args: i.args, failed: i.failed, reason: i.failure_reason }));

describe('model invocations (Skill tool)', () => {
  it('reads input.skill with args, links the body by sourceToolUseID and hashes it', () => {
    const found = detect([
      prompt('make a pdf'),
      toolUse('Skill', { skill: 'pdf', args: 'report.md' }, 'toolu_1', 'msg_1', { uuid: 'a-1' }),
      toolResult('toolu_1', 'Launching skill: pdf'),
      meta(`${body('/home/u/.claude/skills/pdf')}\n\nARGUMENTS: report.md`, { sourceToolUseID: 'toolu_1' }),
    ]);
    expect(brief(found)).toEqual([{ skill: 'pdf', trigger: 'model', args: 'report.md', failed: false, reason: null }]);
    const [first] = found;
    expect(first?.invocation.invocation_uuid).toBe('a-1');
    expect(first?.invocation.session_id).toBe('sess');
    expect(first?.invocation.file).toBe('/p/sess.jsonl');
    expect(first?.invocation.skill_version).toBe(skillVersion(body('/elsewhere/skills/pdf')));
    expect(first?.invocation.skill_version).toMatch(/^[0-9a-f]{12}$/);
    expect([first?.toolUseId, first?.messageId, first?.seq]).toEqual(['toolu_1', 'msg_1', 1]);
  });

  it('falls back to input.command (older clients) and reads the SlashCommand tool', () => {
    const found = detect([
      toolUse('Skill', { command: 'pdf' }, 'toolu_1'),
      toolUse('SlashCommand', { command: '/plugin:review-pr 42 --fast' }, 'toolu_2'),
      toolUse('Read', { file_path: '/x' }, 'toolu_3'),
    ]);
    expect(brief(found)).toEqual([
      { skill: 'pdf', trigger: 'model', args: null, failed: false, reason: null },
      { skill: 'plugin:review-pr', trigger: 'model', args: '42 --fast', failed: false, reason: null },
    ]);
  });

  it('keeps failed attempts, flagged with the reason', () => {
    const found = detect([
      toolUse('Skill', { skill: 'entire:plan_review' }, 'toolu_1'),
      toolResult('toolu_1', '<tool_use_error>Unknown skill: entire:plan_review</tool_use_error>', true),
      toolUse('Skill', { skill: 'Bash' }, 'toolu_2'),
      toolResult('toolu_2', '<tool_use_error>Skill Bash is not a prompt-based skill</tool_use_error>', true),
      toolUse('Skill', { skill: 'plan_review' }, 'toolu_3'),
      toolResult('toolu_3', 'Launching skill: plan_review'),
    ]);
    expect(brief(found)).toEqual([
      { skill: 'entire:plan_review', trigger: 'model', args: null, failed: true, reason: 'Unknown skill: entire:plan_review' },
      { skill: 'Bash', trigger: 'model', args: null, failed: true, reason: 'Skill Bash is not a prompt-based skill' },
      { skill: 'plan_review', trigger: 'model', args: null, failed: false, reason: null },
    ]);
  });

  it('links a body without sourceToolUseID by adjacency, checking the skill name', () => {
    const found = detect([
      toolUse('Skill', { skill: 'a' }, 'toolu_a', 'msg_1'),
      toolUse('Skill', { skill: 'b' }, 'toolu_b', 'msg_1'),
      toolResult('toolu_a', 'Launching skill: a'),
      toolResult('toolu_b', 'Launching skill: b'),
      meta(body('/s/skills/b', 'B body')),
      meta(body('/s/skills/a', 'A body')),
    ]);
    expect(found.map((f) => [f.invocation.skill_id, f.invocation.skill_version])).toEqual([
      ['a', skillVersion(body('/x/a', 'A body'))],
      ['b', skillVersion(body('/x/b', 'B body'))],
    ]);
    expect(found[0]?.invocation.skill_version).not.toBe(found[1]?.invocation.skill_version);
  });

  it('marks re-invocation notes and gives them no version', () => {
    const found = detect([
      toolUse('Skill', { skill: 'pdf' }, 'toolu_1'),
      toolResult('toolu_1', 'Launching skill: pdf'),
      meta('(Re-invocation of /pdf — the skill is already loaded above.)', { sourceToolUseID: 'toolu_1' }),
    ]);
    expect(found.map((f) => [f.invocation.skill_version, f.reinvocation])).toEqual([[null, true]]);
  });

  it('takes the version from the body when a re-invocation note and the body are both linked (2.1.3xx)', () => {
    const found = detect([
      toolUse('Skill', { skill: 'cleanup', args: 'caches' }, 'toolu_1'),
      toolResult('toolu_1', 'Launching skill: cleanup'),
      meta('(Re-invocation of /cleanup — the skill instructions were previously loaded; the arguments or dynamic output below are new.)', {
        sourceToolUseID: 'toolu_1',
      }),
      meta(`${body('/p/.claude/skills/cleanup', '# Cleanup')}\n\n\nARGUMENTS: caches`, { sourceToolUseID: 'toolu_1' }),
    ]);
    expect(found.map((f) => [f.invocation.skill_version, f.reinvocation])).toEqual([[skillVersion(body('/q/cleanup', '# Cleanup')), true]]);
  });

  it('counts a user skill named like a built-in only when its skill body was injected', () => {
    const found = detect([
      toolUse('Skill', { skill: 'release-notes', args: 'v1.4' }, 'toolu_1'),
      toolResult('toolu_1', 'Launching skill: release-notes'),
      meta(body('/p/.claude/skills/release-notes', '# Release notes'), { sourceToolUseID: 'toolu_1' }),
      slash('release-notes'),
      prompt('<local-command-stdout>Version 2.1.330: …</local-command-stdout>'),
    ]);
    expect(brief(found)).toEqual([{ skill: 'release-notes', trigger: 'model', args: 'v1.4', failed: false, reason: null }]);
  });

  it('gives subagent invocations the nested trigger', () => {
    const found = detect(
      [toolUse('Skill', { skill: 'my-worktree-actors' }, 'toolu_1', 'msg_1', { isSidechain: true, agentId: 'a1' })],
      'subagent',
    );
    expect(brief(found)).toEqual([{ skill: 'my-worktree-actors', trigger: 'nested', args: null, failed: false, reason: null }]);
  });

  it('does not count skill listings or re-injected skills (attachments)', () => {
    const found = detect([
      { type: 'attachment', uuid: 'x1', attachment: { type: 'skill_listing', content: '- pdf: make PDFs' } },
      { type: 'attachment', uuid: 'x2', attachment: { type: 'invoked_skills', skills: [{ name: 'pdf', content: '# PDF' }] } },
    ]);
    expect(found).toEqual([]);
  });
});

describe('user invocations (slash commands)', () => {
  it('reads a typed /skill with its body version and args; namespaced ids keep their namespace', () => {
    const found = detect([
      slash('github-pr-review'),
      meta(body('/Users/a/.claude/skills/github-pr-review')),
      slash('superpowers:brainstorm', 'a todo app'),
      meta('Brainstorm about: a todo app'),
      prompt('<command-name>/my.skill</command-name>'),
    ]);
    expect(brief(found)).toEqual([
      { skill: 'github-pr-review', trigger: 'user-slash', args: null, failed: false, reason: null },
      { skill: 'superpowers:brainstorm', trigger: 'user-slash', args: 'a todo app', failed: false, reason: null },
      { skill: 'my.skill', trigger: 'user-slash', args: null, failed: false, reason: null },
    ]);
    expect(found[0]?.invocation.skill_version).toBe(skillVersion(body('/other/place/github-pr-review')));
    expect(found[1]?.invocation.skill_version).toBeNull(); // a command expansion, not a skill body
  });

  it('excludes built-in commands in every layout, and detects system local_command skills', () => {
    const found = detect([
      slash('clear'),
      prompt('<command-name>init</command-name><command-message>init is analyzing your codebase…</command-message>'),
      { ...system('local_command'), content: '<command-name>/mcp</command-name>\n<command-message>mcp</command-message>' },
      { ...system('local_command'), content: '<command-name>/deslop</command-name>\n<command-message>deslop</command-message>' },
      { ...system('local_command'), content: '<command-name>/model</command-name>' },
      slash('help'),
    ]);
    expect(brief(found)).toEqual([{ skill: 'deslop', trigger: 'user-slash', args: null, failed: false, reason: null }]);
  });

  it('counts a slash command the client turned into a Skill call of the same skill once', () => {
    const found = detect([
      slash('pdf', 'x.md'),
      toolUse('Skill', { skill: 'pdf', args: 'x.md' }, 'toolu_1', 'msg_1', { uuid: 'a-1' }),
      toolResult('toolu_1', 'Launching skill: pdf'),
      meta(body('/s/skills/pdf'), { sourceToolUseID: 'toolu_1' }),
    ]);
    expect(brief(found)).toEqual([{ skill: 'pdf', trigger: 'user-slash', args: 'x.md', failed: false, reason: null }]);
    expect(found[0]?.toolUseId).toBe('toolu_1');
    expect(found[0]?.invocation.skill_version).toBe(skillVersion(body('/s/skills/pdf')));
  });

  it('counts a plugin command that expands to "Invoke the X skill" plus the Skill call once, as the skill', () => {
    const found = detect([
      slash('superpowers:write-plan', 'short plan'),
      meta('Invoke the superpowers:writing-plans skill and follow it exactly as presented to you\n\n\nARGUMENTS: short plan'),
      toolUse('Skill', { skill: 'superpowers:writing-plans' }, 'toolu_1'),
      toolResult('toolu_1', 'Launching skill: superpowers:writing-plans'),
      meta(body('/c/superpowers/4.1.1/skills/writing-plans'), { sourceToolUseID: 'toolu_1' }),
      prompt('now do it'),
      toolUse('Skill', { skill: 'superpowers:writing-plans' }, 'toolu_2'),
    ]);
    expect(found.map((f) => [f.invocation.skill_id, f.invocation.trigger, f.viaCommand, f.invocation.args])).toEqual([
      ['superpowers:writing-plans', 'user-slash', 'superpowers:write-plan', 'short plan'],
      ['superpowers:writing-plans', 'model', null, null],
    ]);
    expect(found[0]?.invocation.skill_version).toBe(skillVersion(body('/elsewhere/writing-plans')));
  });

  it('does not merge a Skill call of another skill into the command', () => {
    const found = detect([slash('deploy'), meta('Deploy the app.'), toolUse('Skill', { skill: 'pdf' }, 'toolu_1')]);
    expect(found.map((f) => [f.invocation.skill_id, f.invocation.trigger])).toEqual([
      ['deploy', 'user-slash'],
      ['pdf', 'model'],
    ]);
  });

  it('counts the Skill call (not the text) when /skill is typed inside a sentence', () => {
    const found = detect([prompt('okay, now /github-pr-review '), toolUse('Skill', { skill: 'github-pr-review' }, 'toolu_1')]);
    expect(brief(found)).toEqual([{ skill: 'github-pr-review', trigger: 'model', args: null, failed: false, reason: null }]);
  });
});

describe('skillVersion', () => {
  const text = 'Base directory for this skill: /Users/a/.claude/skills/pdf\n\n# PDF\n\nRun scripts in /Users/a/.claude/skills/pdf/scripts.';

  it('does not change when only the install path changes', () => {
    expect(skillVersion(text)).toBe(skillVersion(text.replaceAll('/Users/a/.claude/skills/pdf', '/opt/plugins/x/1.2.0/skills/pdf')));
  });

  it('changes when the content changes, ignores CRLF, trailing space and the ARGUMENTS block', () => {
    expect(skillVersion(text)).not.toBe(skillVersion(`${text} Also check fonts.`));
    expect(skillVersion(text)).toBe(skillVersion(`${text.replace(/\n/g, '\r\n')}\n\n`));
    expect(skillVersion(`${text}\n\nARGUMENTS: a.md`, 'a.md')).toBe(skillVersion(text));
  });

  it('is null for text that is not a skill body', () => {
    expect(skillVersion('# Create a plan\n\nARGUMENTS: x')).toBeNull();
  });
});

describe('built-in command list', () => {
  it('holds every built-in the issue, the transcript reference and G3 name, and no duplicates', () => {
    const required = [
      // issue 2, item 6
      ...'clear compact model mcp exit help config resume cost context ide doctor status init login logout memory permissions agents hooks plugin skills add-dir export rewind usage statusline todos review pr-comments security-review release-notes vim terminal-setup upgrade bug insights'.split(
        ' ',
      ),
      // claude-code-transcripts.md §6 (older list) and G3's 27 names
      ...'install-github-app migrate-installer pr_comments read'.split(' '),
    ];
    for (const name of required) expect(BUILTIN_COMMANDS.has(name), name).toBe(true);
    expect(new Set(data.commands).size).toBe(data.commands.length);
    for (const name of data.commands) expect(name).toMatch(/^(__)?[a-z][a-z0-9_:-]*$/);
  });

  it('matches with or without the leading slash, and not skills that merely resemble built-ins', () => {
    expect(isBuiltinCommand('/clear')).toBe(true);
    expect(isBuiltinCommand('model')).toBe(true);
    expect(isBuiltinCommand('superpowers:review')).toBe(false);
    expect(isBuiltinCommand('github-pr-review')).toBe(false);
    expect(isBuiltinCommand('clear-cache')).toBe(false);
  });
});
