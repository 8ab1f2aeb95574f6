import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../test/support/cli.js';
import { completionScript, completionTree } from './completion-script.js';
import { choiceOption } from './options.js';

const dir = mkdtempSync(join(tmpdir(), 'skillpulse-completion-'));
const has = (shell: string) => spawnSync('sh', ['-c', `command -v ${shell}`]).status === 0;

function script(shell: string): Promise<string> {
  return runCliCaptured(['completion', shell]).then((run) => {
    expect(run.code).toBe(0);
    return run.stdout;
  });
}

describe('completionTree', () => {
  it('follows the program as commands are added, hiding hidden ones', () => {
    const program = new Command('tool').option('--json', 'json');
    const parent = program.command('things').description('work on things\nsecond line');
    parent
      .command('add')
      .option('--kind <k>', 'kind', choiceOption(['a', 'b']))
      .option('--file <f>', 'a file');
    program.command('secret', { hidden: true });
    const tree = completionTree(program);
    expect(tree.subcommands.map((s) => s.name)).toEqual(['things']);
    const things = tree.subcommands[0];
    expect(things?.description).toBe('work on things');
    const add = things?.subcommands[0];
    expect(add?.path).toBe('tool things add');
    expect(add?.options.find((o) => o.flags.includes('--kind'))).toMatchObject({ takesValue: true, choices: ['a', 'b'] });
    expect(add?.options.find((o) => o.flags.includes('--file'))).toMatchObject({ takesValue: true, choices: [] });
    expect(add?.options.some((o) => o.flags.includes('--json'))).toBe(true);
    const fish = completionScript(program, 'fish');
    expect(fish).toContain("-a 'add'");
    expect(fish).not.toContain('secret');
  });
});

describe('skillpulse completion bash', () => {
  let file = '';
  beforeAll(async () => {
    file = join(dir, 'skillpulse.bash');
    writeFileSync(file, await script('bash'));
  });

  const complete = (words: string[]): string[] => {
    const driver = `source ${JSON.stringify(file)}
COMP_WORDS=(${words.map((w) => JSON.stringify(w)).join(' ')})
COMP_CWORD=${words.length - 1}
_skillpulse
printf '%s\\n' "\${COMPREPLY[@]}"`;
    const out = execFileSync('bash', ['--norc', '--noprofile', '-c', driver], { cwd: dir, encoding: 'utf8' });
    return out.split('\n').filter((line) => line !== '');
  };

  it('completes top-level commands', () => {
    const words = complete(['skillpulse', '']);
    expect(words).toContain('completion');
    expect(words).not.toContain('help');
    expect(complete(['skillpulse', 'compl'])).toEqual(['completion']);
  });

  it('completes the fixed argument choices of a command', () => {
    expect(complete(['skillpulse', 'completion', ''])).toEqual(['bash', 'zsh', 'fish']);
  });

  it('completes options of the command being typed, global flags included, skipping option values', () => {
    const words = complete(['skillpulse', '--json', 'completion', '--']);
    expect(words).toContain('--help');
    expect(words).toContain('--json');
    expect(words).toContain('--no-color');
    expect(words).not.toContain('--version');
  });
});

describe('bash completion of option values (synthetic program)', () => {
  it('offers choices after a choice option and files after a value option', () => {
    const program = new Command('tool').option('--json', 'json');
    const things = program.command('things').alias('th');
    things
      .command('add')
      .option('--kind <k>', 'kind', choiceOption(['alpha', 'beta']))
      .option('--file <f>', 'a file');
    const file = join(dir, 'tool.bash');
    writeFileSync(file, completionScript(program, 'bash'));
    writeFileSync(join(dir, 'notes.txt'), 'x');
    const run = (words: string[]) =>
      execFileSync(
        'bash',
        [
          '--norc',
          '--noprofile',
          '-c',
          `source ${JSON.stringify(file)}; COMP_WORDS=(${words.map((w) => JSON.stringify(w)).join(' ')}); COMP_CWORD=${words.length - 1}; _tool; printf '%s\\n' "\${COMPREPLY[@]}"`,
        ],
        { cwd: dir, encoding: 'utf8' },
      )
        .split('\n')
        .filter(Boolean);
    expect(run(['tool', 'things', 'add', '--kind', ''])).toEqual(['alpha', 'beta']);
    expect(run(['tool', 'th', 'add', '--kind', 'b'])).toEqual(['beta']);
    expect(run(['tool', 'things', 'add', '--file', 'not'])).toEqual(['notes.txt']);
    expect(run(['tool', 'things', 'add', '--file', 'x.txt', '--k'])).toEqual(['--kind']);
    expect(run(['tool', 'things', ''])).toEqual(['add']);
  });
});

describe('zsh and fish scripts', () => {
  it.skipIf(!has('zsh'))('zsh parses the script', async () => {
    const file = join(dir, '_skillpulse');
    writeFileSync(file, await script('zsh'));
    expect(spawnSync('zsh', ['-n', file]).status).toBe(0);
  });

  it.skipIf(!has('fish'))('fish parses the script and completes a subcommand', async () => {
    const file = join(dir, 'skillpulse.fish');
    writeFileSync(file, await script('fish'));
    expect(spawnSync('fish', ['--no-execute', file]).status).toBe(0);
    const out = execFileSync('fish', ['--no-config', '-c', `source ${file}; complete -C 'skillpulse completion '`], { encoding: 'utf8' });
    expect(out.split('\n').map((l) => l.split('\t')[0])).toEqual(expect.arrayContaining(['bash', 'zsh', 'fish']));
  });

  it('every script names the commands of the live program', async () => {
    for (const shell of ['bash', 'zsh', 'fish']) expect(await script(shell)).toContain('completion');
  });

  it('rejects an unknown shell with a usage error', async () => {
    const run = await runCliCaptured(['completion', 'powershell']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('bash, zsh, fish');
  });
});
