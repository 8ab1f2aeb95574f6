import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain ES module without type declarations (the build is kept dependency-free)
import { bundleCli, CORE_ROOTS } from './bundle-cli.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(path.join(tmpdir(), 'skillpulse-bundle-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

describe('bundleCli', () => {
  it('lists core roots that exist in src/', () => {
    for (const root of CORE_ROOTS as string[]) expect(existsSync(path.join(repo, 'src', root.replace(/\.js$/, '.ts'))), root).toBe(true);
  });

  it('bundles a compiled CLI whose modules still find their data files, package.json and unbundled modules', async () => {
    // A miniature dist/: an entry, a core module that dynamically imports another core module,
    // a lazily loaded module outside the core, data next to a module, package.json above dist/.
    const root = path.join(work, 'pkg');
    const dist = path.join(root, 'dist');
    write(path.join(root, 'package.json'), JSON.stringify({ name: 'x', version: '9.8.7', type: 'module' }));
    write(
      path.join(dist, 'cli', 'main.js'),
      "#!/usr/bin/env node\nconst { run } = await import('./program.js');\nprocess.stdout.write((await run(process.argv[2])) + '\\n');\n",
    );
    write(
      path.join(dist, 'cli', 'program.js'),
      [
        "import { VERSION } from '../version.js';",
        'export async function run(which) {',
        "  const { readData } = await import('../store/store.js');",
        "  if (which === 'lazy') return (await import('../extra/lazy.js')).lazy();",
        "  return VERSION + ' ' + readData();",
        '}',
      ].join('\n'),
    );
    write(
      path.join(dist, 'version.js'),
      "import { createRequire } from 'node:module';\nexport const VERSION = createRequire(import.meta.url)('../package.json').version;\n",
    );
    write(
      path.join(dist, 'store', 'store.js'),
      "import { readFileSync } from 'node:fs';\nexport function readData() { return JSON.parse(readFileSync(new URL('./data.json', import.meta.url), 'utf8')).value; }\n",
    );
    write(path.join(dist, 'store', 'data.json'), '{"value":"from-data"}');
    write(path.join(dist, 'extra', 'lazy.js'), "export function lazy() { return new URL('./lazy.js', import.meta.url).pathname; }\n");

    const bundled = await bundleCli(dist, { coreRoots: ['cli/program.js', 'store/store.js'], log: () => {} });
    expect(bundled).toBe(true);
    const cli = path.join(dist, 'cli', 'main.js');
    expect(readFileSync(cli, 'utf8').startsWith('#!/usr/bin/env node')).toBe(true);
    expect(execFileSync(process.execPath, [cli], { encoding: 'utf8' })).toBe('9.8.7 from-data\n');
    // Modules outside the bundle's chunks report their own place under dist/.
    expect(execFileSync(process.execPath, [cli, 'lazy'], { encoding: 'utf8' }).trim()).toBe(path.join(dist, 'extra', 'lazy.js'));
    const chunks = readdirSync(path.join(dist, 'cli')).filter((name) => name.startsWith('_'));
    const core = chunks.find((name) => name.startsWith('_core-'));
    expect(core).toBeDefined();
    // The core module's dynamic import of another core module reads the chunk's own bindings.
    const coreCode = readFileSync(path.join(dist, 'cli', core as string), 'utf8');
    expect(coreCode).toContain('Promise.resolve(__coreFacade');
    expect(coreCode).not.toMatch(/import\("\.\/_store/);
  });
});
