/**
 * The configuration file format: `~/.skillpulse/config.json` (user) and `.skillpulse/config.json`
 * in a project. One zod definition is the source of truth: it validates files at load time and
 * generates the JSON Schema shipped as `schema/config.schema.json` (`npm run config-schema`), which
 * editors use for completion through the file's `$schema` key.
 *
 * Every key is optional in a file; `DEFAULT_CONFIG` fills what no file sets. Unknown keys are
 * errors (a typo must not be silently ignored).
 */
import { z } from 'zod';

/** Where the shipped schema is published for `$schema` (the file inside the package works too). */
export const CONFIG_SCHEMA_ID = 'https://unpkg.com/skillpulse/schema/config.schema.json';

const pathList = z.array(z.string().min(1, 'must not be empty'));

export const snippetPolicySchema = z
  .strictObject({
    /**
     * `redacted`: keep a short snippet of the human's reaction with secrets redacted (the
     * default); `none`: store and show no snippets at all. Redaction cannot be turned off.
     */
    mode: z
      .enum(['redacted', 'none'])
      .optional()
      .describe('redacted (default): short snippets with secrets removed; none: no snippets at all'),
    /** Longest snippet kept, in characters (1–200). */
    maxLength: z.int().min(1).max(200).optional().describe('longest snippet kept, in characters (1-200, default 200)'),
  })
  .describe('what is kept of the text people typed');

export const lexiconConfigSchema = z
  .strictObject({
    /** Languages whose lexicons classify reactions (default: every lexicon found). */
    languages: z
      .array(z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]+)?$/, 'expected a language code such as "en" or "zh"'))
      .optional()
      .describe('language codes of the lexicons to use, e.g. ["en", "zh"] (default: all)'),
    /** Extra lexicon files (same format as the shipped `src/feedback/lexicons/*.json`). */
    files: pathList.optional().describe('extra lexicon JSON files, in the format of the shipped ones'),
  })
  .describe('the word lists that recognise reactions');

export const configFileSchema = z
  .strictObject({
    $schema: z.string().optional().describe('JSON Schema for editor completion'),
    enabled: z.boolean().optional().describe('false stops automatic collection (hooks, scans); explicit feedback still works'),
    sessionRoots: pathList.optional().describe('folders holding Claude Code transcripts (default: ~/.claude/projects)'),
    excludeProjects: pathList
      .optional()
      .describe(
        'projects never scanned: a project path (/home/me/secret), its transcript folder name (-home-me-secret), or a pattern with * ',
      ),
    window: z.int().min(1).max(20).optional().describe('human turns after an invocation that may judge it (1-20, default 3)'),
    minInvocations: z.int().min(1).optional().describe('classified events a skill needs before its rates count (default 5)'),
    archiveDays: z.int().min(0).optional().describe('events older than this many days move to the archive; 0 = never (default 90)'),
    snippets: snippetPolicySchema.optional(),
    lexicons: lexiconConfigSchema.optional(),
  })
  .describe('skillpulse configuration (~/.skillpulse/config.json or <project>/.skillpulse/config.json)');

export type ConfigFile = z.infer<typeof configFileSchema>;

/** The merged configuration commands read: every value present. */
export interface ResolvedConfig {
  enabled: boolean;
  /** Absolute paths. */
  sessionRoots: string[];
  /** Absolute project paths, transcript folder names or `*` patterns, as written (paths made absolute). */
  excludeProjects: string[];
  window: number;
  minInvocations: number;
  archiveDays: number;
  snippets: { mode: 'redacted' | 'none'; maxLength: number };
  /** `null` languages = every lexicon found; files are absolute paths. */
  lexicons: { languages: string[] | null; files: string[] };
}

export { DEFAULT_CONFIG } from './resolve.js';

/** The JSON Schema (draft 2020-12) of the config file, as shipped in `schema/config.schema.json`. */
export function configJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(configFileSchema, { target: 'draft-2020-12', io: 'input' }) as Record<string, unknown>;
  return { $schema: schema.$schema, $id: CONFIG_SCHEMA_ID, title: 'skillpulse configuration', ...schema };
}

/** The shipped schema file's exact text (2-space JSON and a final newline). */
export function configJsonSchemaText(): string {
  return `${JSON.stringify(configJsonSchema(), null, 2)}\n`;
}
