import type { Command } from 'commander';
import type { CliRuntime } from './runtime.js';

interface ShowOptions {
  project?: string;
}

export function register(program: Command, cli: CliRuntime): void {
  const config = program
    .command('config')
    .description('show, check and locate the configuration (user ~/.skillpulse/config.json, project .skillpulse/config.json)')
    .addHelpText(
      'after',
      `
Examples:
  $ skillpulse config show              # merged settings and the files they came from
  $ skillpulse config validate          # check the user and project files
  $ skillpulse config path
  $ skillpulse config schema > config.schema.json`,
    );

  config
    .command('show')
    .description('print the merged configuration (project over user over defaults)')
    .option('--project <file>', 'read this project config file instead of searching from the working folder')
    .addHelpText('after', '\nExamples:\n  $ skillpulse config show\n  $ skillpulse config show --json | jq .config.window')
    .action(
      cli.action<ShowOptions>(async (ctx, opts) => {
        const { loadConfig } = await import('../config/load.js');
        const loaded = loadConfig({ env: ctx.env, cwd: ctx.cwd, ...(opts.project ? { projectFile: opts.project } : {}) });
        if (ctx.json) {
          ctx.printJson({ config: loaded.config, sources: loaded.sources.map(({ scope, file }) => ({ scope, file })) });
          return 0;
        }
        if (loaded.sources.length === 0) ctx.info('no config file found; showing the defaults');
        for (const source of loaded.sources) ctx.info(`${source.scope}: ${source.file}`);
        ctx.out(JSON.stringify(loaded.config, null, 2));
        return 0;
      }),
    );

  config
    .command('validate')
    .description('check config files against the schema (default: the user and project files)')
    .argument('[files...]', 'config files to check')
    .addHelpText('after', '\nExamples:\n  $ skillpulse config validate\n  $ skillpulse config validate .skillpulse/config.json')
    .action(
      cli.action<Record<string, never>>(async (ctx, _opts, files) => {
        const { findProjectConfig, readConfigFile, userConfigPath } = await import('../config/load.js');
        const { SkillpulseError } = await import('../errors.js');
        const { resolve } = await import('node:path');
        const explicit = files.length > 0;
        const targets = explicit
          ? files.map((file) => resolve(ctx.cwd, file))
          : [userConfigPath(ctx.env, ctx.cwd), findProjectConfig(ctx.cwd, ctx.env)].filter((f): f is string => f !== null);
        const results: Array<{ file: string; status: 'valid' | 'missing' }> = [];
        for (const file of targets) {
          const parsed = readConfigFile(file);
          if (parsed === null && explicit) throw new SkillpulseError('NOT_FOUND', 'no such config file', { file });
          results.push({ file, status: parsed === null ? 'missing' : 'valid' });
        }
        if (ctx.json) ctx.printJson({ files: results });
        else for (const r of results) ctx.out(`${r.status === 'valid' ? ctx.colors.green('valid') : ctx.colors.dim('missing')}  ${r.file}`);
        return 0;
      }),
    );

  config
    .command('path')
    .description('print where the user and project config files are looked for')
    .addHelpText('after', '\nExamples:\n  $ skillpulse config path\n  $ $EDITOR "$(skillpulse config path --json | jq -r .user)"')
    .action(
      cli.action<Record<string, never>>(async (ctx) => {
        const { findProjectConfig, userConfigPath } = await import('../config/load.js');
        const paths = { user: userConfigPath(ctx.env, ctx.cwd), project: findProjectConfig(ctx.cwd, ctx.env) };
        if (ctx.json) ctx.printJson(paths);
        else {
          ctx.out(`user:    ${paths.user}`);
          ctx.out(`project: ${paths.project ?? '(none found from this folder)'}`);
        }
        return 0;
      }),
    );

  config
    .command('schema')
    .description('print the JSON Schema of the config file (the same as schema/config.schema.json)')
    .addHelpText('after', '\nExamples:\n  $ skillpulse config schema > config.schema.json')
    .action(
      cli.action<Record<string, never>>(async (ctx) => {
        const { configJsonSchemaText } = await import('../config/schema.js');
        ctx.io.stdout.write(configJsonSchemaText());
        return 0;
      }),
    );
}
