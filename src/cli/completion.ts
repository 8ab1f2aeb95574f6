import { Argument, type Command } from 'commander';
import type { CliRuntime } from './runtime.js';

export function register(program: Command, cli: CliRuntime): void {
  program
    .command('completion')
    .description('print a shell completion script for bash, zsh or fish')
    .addArgument(new Argument('<shell>', 'the shell to complete for').choices(['bash', 'zsh', 'fish']))
    .addHelpText(
      'after',
      `
Examples:
  $ skillpulse completion bash > ~/.local/share/bash-completion/completions/skillpulse
  $ source <(skillpulse completion bash)                       # try it in this shell
  $ skillpulse completion zsh > "\${fpath[1]}/_skillpulse"
  $ skillpulse completion fish > ~/.config/fish/completions/skillpulse.fish`,
    )
    .action(
      cli.action<Record<string, never>>(async (ctx, _opts, args) => {
        const { completionScript } = await import('./completion-script.js');
        ctx.io.stdout.write(completionScript(program, args[0] as 'bash' | 'zsh' | 'fish'));
        return 0;
      }),
    );
}
