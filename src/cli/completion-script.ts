/**
 * Shell completion scripts generated from the live commander program, so that every command,
 * subcommand, option and fixed choice that exists is completed, and nothing that does not.
 *
 * The tree is read through commander's public help API (`visibleCommands`, `visibleOptions`), so
 * hidden commands and options stay hidden. Value choices come from `.choices()` on an option or
 * argument, or from parsers made with `choiceOption` (which records its choices). Options that
 * take a value without fixed choices complete file names.
 *
 * The three scripts share one approach: a small function walks the words typed so far, following
 * subcommand names (and skipping option values), to find the command path such as
 * `skillpulse feedback record`; data functions generated below answer, per path, which
 * subcommands, options, value options and choices exist.
 */
import type { Argument, Command, Option } from 'commander';

export type Shell = 'bash' | 'zsh' | 'fish';
export const SHELLS: readonly Shell[] = ['bash', 'zsh', 'fish'];

export interface CompletionOption {
  /** `--long` and/or `-s`. */
  flags: string[];
  description: string;
  takesValue: boolean;
  choices: string[];
}

export interface CompletionNode {
  /** Full path, e.g. `skillpulse feedback record`. */
  path: string;
  name: string;
  aliases: string[];
  description: string;
  options: CompletionOption[];
  subcommands: CompletionNode[];
  /** Fixed choices of the first positional argument, if any. */
  argChoices: string[];
}

type ChoiceParser = ((value: string, previous: unknown) => unknown) & { choices?: readonly string[] };

/** Reads the command tree (root options are offered on every command, as commander accepts them anywhere). */
export function completionTree(program: Command): CompletionNode {
  const help = program.createHelp();
  // `--version` belongs to the program alone; every command has its own `--help`.
  const globals = help
    .visibleOptions(program)
    .map(toOption)
    .filter((o) => !o.flags.includes('--version') && !o.flags.includes('--help'));
  const walk = (command: Command, path: string, inherited: CompletionOption[]): CompletionNode => {
    const own = help.visibleOptions(command).map(toOption);
    const seen = new Set(own.flatMap((o) => o.flags));
    const options = [...own, ...inherited.filter((o) => !o.flags.some((f) => seen.has(f)))];
    const subcommands = help
      .visibleCommands(command)
      .filter((sub) => sub.name() !== 'help')
      .map((sub) => walk(sub, `${path} ${sub.name()}`, globals));
    const first = (command.registeredArguments as readonly Argument[])[0];
    return {
      path,
      name: command.name(),
      aliases: command.aliases(),
      description: firstLine(command.description()),
      options,
      subcommands,
      argChoices: first?.argChoices ? [...first.argChoices] : [],
    };
  };
  return walk(program, program.name(), globals);
}

function toOption(option: Option): CompletionOption {
  const flags = [option.long, option.short].filter((f): f is string => typeof f === 'string' && f !== '');
  const parser = option.parseArg as ChoiceParser | undefined;
  const choices = option.argChoices ?? parser?.choices ?? [];
  return { flags, description: firstLine(option.description), takesValue: option.required || option.optional, choices: [...choices] };
}

function firstLine(text: string): string {
  return (text.split('\n')[0] ?? '').trim();
}

function nodes(root: CompletionNode): CompletionNode[] {
  return [root, ...root.subcommands.flatMap(nodes)];
}

/** The completion script for `shell`. */
export function completionScript(program: Command, shell: Shell): string {
  const tree = completionTree(program);
  if (shell === 'bash') return bashScript(tree);
  if (shell === 'zsh') return zshScript(tree);
  return fishScript(tree);
}

/** Single-quoted for POSIX shells and fish. */
function sq(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function fishQuote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function fn(tree: CompletionNode): string {
  return tree.name.replace(/[^A-Za-z0-9_]/g, '_');
}

function valueOptions(node: CompletionNode): string[] {
  return node.options.filter((o) => o.takesValue).flatMap((o) => o.flags);
}

function caseFunction(name: string, entries: Array<[string, string]>, style: 'posix' | 'fish'): string {
  if (style === 'fish') {
    const cases = entries
      .filter(([, body]) => body !== '')
      .map(([key, body]) => `    case ${fishQuote(key)}\n      printf '%s\\n' ${body}`);
    return `function ${name}\n  switch "$argv[1]"\n${cases.join('\n')}\n  end\nend\n`;
  }
  const cases = entries.filter(([, body]) => body !== '').map(([key, body]) => `    ${sq(key)}) printf '%s\\n' ${body} ;;`);
  return `${name}() {\n  case "$1" in\n${cases.join('\n')}\n  esac\n}\n`;
}

/** The per-path data functions every script needs (quoted for `style`). */
function dataFunctions(tree: CompletionNode, prefix: string, style: 'posix' | 'fish'): string {
  const q = style === 'fish' ? fishQuote : sq;
  const all = nodes(tree);
  const words = (list: string[]) => list.map(q).join(' ');
  const resolve: Array<[string, string]> = [];
  for (const node of all) {
    for (const sub of node.subcommands) {
      for (const name of [sub.name, ...sub.aliases]) resolve.push([`${node.path} ${name}`, q(sub.name)]);
    }
  }
  const choices: Array<[string, string]> = [];
  for (const node of all) {
    for (const option of node.options) {
      if (option.choices.length === 0) continue;
      for (const flag of option.flags) choices.push([`${node.path} ${flag}`, words(option.choices)]);
    }
  }
  return [
    caseFunction(
      `${prefix}_subcommands`,
      all.map((n) => [n.path, words(n.subcommands.flatMap((s) => [s.name, ...s.aliases]))]),
      style,
    ),
    caseFunction(
      `${prefix}_options`,
      all.map((n) => [n.path, words(n.options.flatMap((o) => o.flags))]),
      style,
    ),
    caseFunction(
      `${prefix}_value_options`,
      all.map((n) => [n.path, words(valueOptions(n))]),
      style,
    ),
    caseFunction(
      `${prefix}_arg_choices`,
      all.map((n) => [n.path, words(n.argChoices)]),
      style,
    ),
    caseFunction(`${prefix}_resolve`, resolve, style),
    caseFunction(`${prefix}_choices`, choices, style),
  ].join('\n');
}

function bashScript(tree: CompletionNode): string {
  const f = `_${fn(tree)}`;
  return `# bash completion for ${tree.name}; generated by \`${tree.name} completion bash\`.
# Install: ${tree.name} completion bash > ~/.local/share/bash-completion/completions/${tree.name}
#      or: echo 'source <(${tree.name} completion bash)' >> ~/.bashrc

${dataFunctions(tree, f, 'posix')}
${f}_path() {
  local p=${sq(tree.path)} i word sub
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    if [[ "$word" == -* ]]; then
      if [[ "$word" != *=* ]] && ${f}_value_options "$p" | grep -qxF -- "$word"; then ((i++)); fi
      continue
    fi
    sub="$(${f}_resolve "$p $word")"
    if [[ -n "$sub" ]]; then p="$p $sub"; fi
  done
  printf '%s' "$p"
}

${f}() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="" p words choices
  COMPREPLY=()
  p="$(${f}_path)"
  if ((COMP_CWORD > 1)); then prev="\${COMP_WORDS[COMP_CWORD-1]}"; fi
  if [[ "$prev" == -* ]] && ${f}_value_options "$p" | grep -qxF -- "$prev"; then
    choices="$(${f}_choices "$p $prev")"
    if [[ -n "$choices" ]]; then
      mapfile -t COMPREPLY < <(compgen -W "$choices" -- "$cur")
    else
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    fi
    return 0
  fi
  if [[ "$cur" == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$(${f}_options "$p")" -- "$cur")
    return 0
  fi
  words="$(${f}_subcommands "$p") $(${f}_arg_choices "$p")"
  if [[ -n "\${words// /}" ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$words" -- "$cur")
  else
    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
  fi
  return 0
}

complete -o default -F ${f} ${tree.name}
`;
}

function zshScript(tree: CompletionNode): string {
  const f = `_${fn(tree)}`;
  const all = nodes(tree);
  const described = (entries: Array<[string, string]>) =>
    entries.map(([name, desc]) => sq(`${name.replace(/:/g, '\\:')}:${desc}`)).join(' ');
  const subDescriptions = caseFunction(
    `${f}_described_subcommands`,
    all.map((n) => [
      n.path,
      described(n.subcommands.flatMap((s) => [s.name, ...s.aliases].map((name): [string, string] => [name, s.description]))),
    ]),
    'posix',
  );
  const optDescriptions = caseFunction(
    `${f}_described_options`,
    all.map((n) => [n.path, described(n.options.flatMap((o) => o.flags.map((flag): [string, string] => [flag, o.description])))]),
    'posix',
  );
  return `#compdef ${tree.name}
# zsh completion for ${tree.name}; generated by \`${tree.name} completion zsh\`.
# Install: ${tree.name} completion zsh > "\${fpath[1]}/_${tree.name}"   (then restart zsh)
#      or: echo 'source <(${tree.name} completion zsh)' >> ~/.zshrc

${dataFunctions(tree, f, 'posix')}
${subDescriptions}
${optDescriptions}
${f}() {
  local cmdpath=${sq(tree.path)} i word sub cur prev choices
  local -a entries
  cur="\${words[CURRENT]}"
  prev="\${words[CURRENT-1]}"
  for ((i = 2; i < CURRENT; i++)); do
    word="\${words[i]}"
    if [[ "$word" == -* ]]; then
      if [[ "$word" != *=* ]] && ${f}_value_options "$cmdpath" | grep -qxF -- "$word"; then ((i++)); fi
      continue
    fi
    sub="$(${f}_resolve "$cmdpath $word")"
    if [[ -n "$sub" ]]; then cmdpath="$cmdpath $sub"; fi
  done
  if ((CURRENT > 2)) && [[ "$prev" == -* ]] && ${f}_value_options "$cmdpath" | grep -qxF -- "$prev"; then
    choices="$(${f}_choices "$cmdpath $prev")"
    if [[ -n "$choices" ]]; then
      entries=("\${(@f)choices}")
      compadd -- "\${entries[@]}"
    else
      _files
    fi
    return
  fi
  if [[ "$cur" == -* ]]; then
    entries=("\${(@f)$(${f}_described_options "$cmdpath")}")
    _describe -t options 'option' entries
    return
  fi
  entries=("\${(@f)$(${f}_described_subcommands "$cmdpath")}")
  choices="$(${f}_arg_choices "$cmdpath")"
  if [[ -n "\${entries[*]}" ]]; then
    _describe -t commands 'command' entries
  elif [[ -n "$choices" ]]; then
    entries=("\${(@f)choices}")
    compadd -- "\${entries[@]}"
  else
    _files
  fi
}

if [[ "$funcstack[1]" == "${f}" ]]; then
  ${f} "$@"
else
  compdef ${f} ${tree.name}
fi
`;
}

function fishScript(tree: CompletionNode): string {
  const f = `__${fn(tree)}`;
  const lines: string[] = [];
  for (const node of nodes(tree)) {
    const when = `${f}_is ${fishQuote(node.path)}`;
    for (const sub of node.subcommands) {
      lines.push(`complete -c ${tree.name} -f -n ${fishQuote(when)} -a ${fishQuote(sub.name)} -d ${fishQuote(sub.description)}`);
    }
    if (node.argChoices.length > 0) {
      lines.push(`complete -c ${tree.name} -f -n ${fishQuote(when)} -a ${fishQuote(node.argChoices.join(' '))}`);
    }
    for (const option of node.options) {
      const parts = [`complete -c ${tree.name} -n ${fishQuote(when)}`];
      for (const flag of option.flags) parts.push(flag.startsWith('--') ? `-l ${flag.slice(2)}` : `-s ${flag.slice(1)}`);
      if (option.takesValue) parts.push(option.choices.length > 0 ? `-x -a ${fishQuote(option.choices.join(' '))}` : '-r -F');
      parts.push(`-d ${fishQuote(option.description)}`);
      lines.push(parts.join(' '));
    }
  }
  return `# fish completion for ${tree.name}; generated by \`${tree.name} completion fish\`.
# Install: ${tree.name} completion fish > ~/.config/fish/completions/${tree.name}.fish

${dataFunctions(tree, f, 'fish')}
function ${f}_path
  set -l p ${fishQuote(tree.path)}
  set -l tokens (commandline -opc)
  set -e tokens[1]
  set -l skip 0
  for t in $tokens
    if test $skip -eq 1
      set skip 0
      continue
    end
    if string match -q -- '-*' $t
      if not string match -q -- '*=*' $t; and contains -- $t (${f}_value_options $p)
        set skip 1
      end
      continue
    end
    set -l s (${f}_resolve "$p $t")
    if test -n "$s"
      set p "$p $s"
    end
  end
  echo $p
end

function ${f}_is
  test (${f}_path) = "$argv[1]"
end

complete -c ${tree.name} -e
${lines.join('\n')}
`;
}
