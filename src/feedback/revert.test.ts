import { describe, expect, it } from 'vitest';
import { findRevertCommand, splitShellCommands } from './revert.js';

describe('findRevertCommand', () => {
  it.each([
    'git checkout -- src/a.py',
    'git checkout HEAD -- src/a.py b.py',
    'git checkout main -- .',
    'git checkout .',
    'git checkout HEAD~1 src/a.py',
    'git restore a.py',
    'git restore --worktree --staged a.py',
    'git restore -SW a.py',
    'git restore --source=HEAD~2 a.py',
    'git reset --hard',
    'git reset --hard HEAD~1',
    'git revert HEAD',
    'git revert --no-edit abc1234',
    'git clean -fd',
    'git clean -xdf',
    'git clean --force',
    'cd repo && git checkout -- a.py',
    'cd repo; git reset --hard origin/main',
    'npm test || git restore .',
    '(cd sub && git restore x)',
    'git -C /tmp/repo reset --hard',
    'git --no-pager checkout -- a.py',
    'FOO=1 git reset --hard',
    'bash -c "git checkout -- a.py"',
    'git status\ngit checkout -- a.py',
    'git checkout -f',
  ])('revert: %s', (cmd) => {
    expect(findRevertCommand(cmd)).not.toBeNull();
  });

  it.each([
    'git checkout -b feat',
    'git checkout -B feat origin/main',
    'git checkout main',
    'git checkout --orphan pages',
    'git switch main',
    'git restore --staged a.py',
    'git restore -S a.py',
    'git reset --soft HEAD~1',
    'git reset HEAD a.py',
    'git reset',
    'git revert --abort',
    'git clean -n',
    'git clean -fn',
    'git clean -d',
    'echo "git reset --hard"',
    "grep -r 'git checkout -- ' docs",
    'git commit -m "git reset --hard is dangerous"',
    'git log --oneline',
    'npm run build # git reset --hard',
  ])('not a revert: %s', (cmd) => {
    expect(findRevertCommand(cmd)).toBeNull();
  });

  it('names the sub-command and the simple command', () => {
    expect(findRevertCommand('cd x && git clean -fdx && ls')).toEqual({ command: 'git clean -fdx', subcommand: 'clean' });
  });

  it('splits on operators but respects quotes', () => {
    expect(splitShellCommands(`a 'b && c' && d "e;f" ; g`)).toEqual([['a', 'b && c'], ['d', 'e;f'], ['g']]);
  });
});
