// Build: compile src/ to dist/ with tsc, copy the data files (lexicons, lists) that the code
// reads at run time, then bundle the CLI entry for start-up time (scripts/bundle-cli.mjs; skipped
// when rolldown is absent or SKILLPULSE_BUNDLE=0). Needs only devDependencies, so `npm install`
// can run it as `prepare`.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync, statSync, chmodSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
rmSync(join(root, 'dist'), { recursive: true, force: true });
const tsc = require.resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit', cwd: root });

const DATA = /\.(json|txt|html|css|js\.txt)$/;
function copyData(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) copyData(path);
    else if (DATA.test(name)) cpSync(path, join(root, 'dist', relative(join(root, 'src'), path)));
  }
}
copyData(join(root, 'src'));
if (process.env.SKILLPULSE_BUNDLE !== '0') {
  const { bundleCli } = await import('./bundle-cli.mjs');
  await bundleCli(join(root, 'dist'));
}
const bin = join(root, 'dist', 'cli', 'main.js');
if (existsSync(bin)) chmodSync(bin, 0o755);
