// Regenerates schema/config.schema.json from the zod definition in src/config/schema.ts, formatted
// the way `npm run lint` (biome) wants it. `npm run config-schema` writes it;
// `npm run config-schema -- --check` fails when the shipped file no longer matches the definition
// (src/config/schema.test.ts checks the same in the test suite).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { fileURLToPath } from 'node:url';
import { configJsonSchema, configJsonSchemaText } from '../src/config/schema.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const file = join(root, 'schema', 'config.schema.json');
if (process.argv.includes('--check')) {
  let current: unknown = null;
  try {
    current = JSON.parse(readFileSync(file, 'utf8'));
  } catch {}
  if (!isDeepStrictEqual(current, configJsonSchema())) {
    process.stderr.write(`${file} is stale: run \`npm run config-schema\`\n`);
    process.exitCode = 1;
  }
} else {
  writeFileSync(file, configJsonSchemaText());
  const biome = join(root, 'node_modules', '.bin', 'biome');
  if (existsSync(biome)) execFileSync(biome, ['format', '--write', file], { stdio: 'ignore' });
  process.stdout.write(`wrote ${file}\n`);
}
