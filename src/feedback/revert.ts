/**
 * Revert detection in the assistant's Bash commands (issue item 4, reference D6). The command is
 * split into simple commands (`&&`, `||`, `;`, `|`, `&`, newlines, parentheses; quotes respected),
 * each tokenised like a POSIX shell word list, and every `git` invocation is judged by its
 * sub-command and options. Never a substring test. Pure.
 */

export interface RevertMatch {
  /** The simple command that throws work away, re-joined with single spaces. */
  command: string;
  /** `checkout`, `restore`, `reset`, `revert` or `clean`. */
  subcommand: string;
}

/** Splits a shell line into simple commands, each a list of words (quotes removed). */
export function splitShellCommands(input: string): string[][] {
  const commands: string[][] = [];
  let words: string[] = [];
  let word = '';
  let inWord = false;
  const endWord = () => {
    if (inWord) words.push(word);
    word = '';
    inWord = false;
  };
  const endCommand = () => {
    endWord();
    if (words.length > 0) commands.push(words);
    words = [];
  };
  for (let i = 0; i < input.length; i++) {
    const ch = input[i]!;
    if (ch === "'") {
      const close = input.indexOf("'", i + 1);
      const end = close < 0 ? input.length : close;
      word += input.slice(i + 1, end);
      inWord = true;
      i = end;
    } else if (ch === '"') {
      inWord = true;
      let j = i + 1;
      for (; j < input.length && input[j] !== '"'; j++) {
        if (input[j] === '\\' && j + 1 < input.length && '"\\$`'.includes(input[j + 1]!)) j++;
        word += input[j];
      }
      i = j;
    } else if (ch === '\\') {
      if (input[i + 1] === '\n') i++;
      else {
        word += input[i + 1] ?? '';
        inWord = true;
        i++;
      }
    } else if (ch === '#' && !inWord) {
      const nl = input.indexOf('\n', i);
      i = nl < 0 ? input.length : nl - 1;
    } else if (ch === ' ' || ch === '\t') {
      endWord();
    } else if (ch === '\n' || ch === ';' || ch === '&' || ch === '|' || ch === '(' || ch === ')' || ch === '{' || ch === '}') {
      // `{`/`}` only group when they stand alone; inside a word they are literal (`HEAD@{1}`).
      if ((ch === '{' || ch === '}') && inWord) {
        word += ch;
        continue;
      }
      endCommand();
    } else {
      word += ch;
      inWord = true;
    }
  }
  endCommand();
  return commands;
}

const GIT_OPTIONS_WITH_VALUE = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--exec-path', '--config-env']);
const PREFIX_COMMANDS = new Set(['sudo', 'env', 'command', 'exec', 'nohup', 'time', 'xargs']);
const REF_LIKE = /^(HEAD|@|FETCH_HEAD|ORIG_HEAD)([~^]\d*)*$|^[0-9a-f]{7,40}$|^(origin|upstream)\//;

/** The git sub-command and its arguments, or null when `words` is not a git invocation. */
function gitInvocation(words: string[]): { sub: string; args: string[] } | null {
  let i = 0;
  // Leading environment assignments and wrappers (`FOO=1 sudo git …`).
  while (i < words.length && (/^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i]!) || PREFIX_COMMANDS.has(words[i]!))) i++;
  const exe = words[i];
  if (exe === undefined || !/(^|\/)git$/.test(exe)) return null;
  i++;
  while (i < words.length && words[i]!.startsWith('-')) {
    const opt = words[i]!;
    i += GIT_OPTIONS_WITH_VALUE.has(opt) ? 2 : 1;
  }
  const sub = words[i];
  if (sub === undefined) return null;
  return { sub, args: words.slice(i + 1) };
}

function isRevertingGit(sub: string, args: string[]): boolean {
  const dashdash = args.indexOf('--');
  const opts = (dashdash < 0 ? args : args.slice(0, dashdash)).filter((a) => a.startsWith('-') && a !== '-');
  const positional = (dashdash < 0 ? args : args.slice(0, dashdash)).filter((a) => !a.startsWith('-') || a === '-');
  const afterDashDash = dashdash < 0 ? [] : args.slice(dashdash + 1);
  switch (sub) {
    case 'checkout': {
      // Creating or switching branches is not a revert.
      if (opts.some((o) => o === '-b' || o === '-B' || o === '--orphan' || o.startsWith('--orphan=') || o === '--detach')) return false;
      if (afterDashDash.length > 0) return true; // git checkout [<ref>] -- <paths>
      if (positional.some((p) => p === '.' || p === './' || p === ':/')) return true; // git checkout .
      if (opts.some((o) => o === '-f' || o === '--force')) return true; // discards local changes
      // git checkout HEAD~1 src/a.py: a ref followed by paths.
      return positional.length >= 2 && REF_LIKE.test(positional[0]!);
    }
    case 'restore': {
      if (positional.length === 0 && afterDashDash.length === 0) return false;
      const staged = opts.some((o) => o === '--staged' || o === '-S' || /^-[A-Za-z]*S[A-Za-z]*$/.test(o));
      const worktree = opts.some((o) => o === '--worktree' || o === '-W' || /^-[A-Za-z]*W[A-Za-z]*$/.test(o));
      // `git restore --staged p` only unstages; the work is kept.
      return !staged || worktree;
    }
    case 'reset':
      return opts.includes('--hard');
    case 'revert':
      return !opts.some((o) => o === '--abort' || o === '--quit' || o === '--continue' || o === '--skip') && positional.length > 0;
    case 'clean':
      if (opts.some((o) => o === '-n' || o === '--dry-run' || /^-[A-Za-z]*n[A-Za-z]*$/.test(o))) return false;
      return opts.some((o) => o === '--force' || /^-[A-Za-z]*f[A-Za-z]*$/.test(o));
    default:
      return false;
  }
}

/** The first simple command in a Bash command line that throws work away, or null. */
export function findRevertCommand(commandLine: string, depth = 0): RevertMatch | null {
  for (const words of splitShellCommands(commandLine)) {
    // `bash -c "…"` / `sh -c '…'`: judge the inner script too.
    const shell = words[0];
    if (depth < 3 && shell !== undefined && /(^|\/)(ba|z|da)?sh$/.test(shell)) {
      const c = words.indexOf('-c');
      const script = c >= 0 ? words[c + 1] : undefined;
      if (script !== undefined) {
        const inner = findRevertCommand(script, depth + 1);
        if (inner) return inner;
      }
      continue;
    }
    const git = gitInvocation(words);
    if (git && isRevertingGit(git.sub, git.args)) return { command: words.join(' '), subcommand: git.sub };
  }
  return null;
}
