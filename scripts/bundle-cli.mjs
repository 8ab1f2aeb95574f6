// Bundles the compiled CLI (dist/cli/main.js and what it imports from dist/) into a few ES modules
// in dist/cli/, so that a command starts by loading ~3 files instead of ~30-50 separate modules
// (each costs the ESM loader a resolve, a read and a link) and commander and picocolors as ES code
// instead of through the CommonJS translation. Measured on the 1 GB bench store: warm re-scan
// and `report --json` ~20-25 ms CPU less per run (docs/performance.md, round 3).
//
// What stays as tsc wrote it: the library entry (dist/index.js + .d.ts), the worker entries, the
// data files and every other module, which the bundle does not replace. Inside the bundle each
// module's `import.meta.url` is rewritten to its own file's URL under dist/, so data files
// (lexicons, weights.json, builtin-commands.json, package.json), worker scripts and the
// `examples/` folder are found exactly where the unbundled module would look.
//
// Packages other than commander, picocolors and zod stay external (libsql has a native binding;
// the rest are loaded only by the commands that need them).
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Modules (relative to dist/) whose static imports every store-reading command needs: one chunk. */
export const CORE_ROOTS = [
  'cli/program.js',
  'cli/scan.js',
  'cli/report.js',
  'cli/scan-progress.js',
  'cli/implicit-shared.js',
  'cli/read-issues.js',
  'cli/progress.js',
  'cli/config-defaults.js',
  'config/resolve.js',
  'store/store.js',
  'store/database.js',
  'store/scan.js',
  'store/analysis.js',
  'store/explicit-feedback.js',
  'store/health-report.js',
  'metrics/index.js',
  'transcripts/discovery.js',
];

const BUNDLED_PACKAGES = /^(commander|picocolors)(\/|$)/;
/**
 * zod is bundled too (as ~95 separate modules it costs ~70 ms CPU to load, bundled ~30 ms: paid
 * by every command once a config file exists, and by every scan that reads a file), except where
 * our schemas are handed to an SDK that brings its own zod (MCP tool inputs, eval judges): those
 * modules import the installed package, so SDK and schemas share one zod.
 */
const ZOD = /^zod(\/|$)/;
const SDK_FACING = /[\\/]dist[\\/](mcp|eval)[\\/]/;

/** Chunks this script writes into dist/cli/ (and removes before writing new ones). */
export const CHUNK_PREFIX = '_';

/**
 * Bundles dist/cli/main.js in place. Returns false (and leaves the tsc output untouched) when
 * rolldown is not installed. `coreRoots` (relative to dist/) replaces CORE_ROOTS in tests.
 */
export async function bundleCli(dist, { coreRoots = CORE_ROOTS, log = (line) => process.stderr.write(`${line}\n`) } = {}) {
  let rolldown;
  try {
    ({ rolldown } = await import('rolldown'));
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
    log('build: rolldown is not installed; the CLI is left unbundled (it works, but starts ~20 ms slower)');
    return false;
  }
  const cliDir = join(dist, 'cli');
  const entry = join(cliDir, 'main.js');
  const core = new Set(coreRoots.map((file) => join(dist, ...file.split('/'))));
  for (const file of core)
    if (!existsSync(file)) throw new Error(`bundle-cli: ${relative(dist, file)} is listed as a core root but was not built`);
  for (const name of readdirSync(cliDir)) if (name.startsWith(CHUNK_PREFIX) && name.endsWith('.js')) rmSync(join(cliDir, name));
  const bundle = await rolldown({
    input: { main: entry },
    platform: 'node',
    logLevel: 'warn',
    onLog(level, log, handler) {
      // A module both imported and dynamically imported stays where it is: expected here.
      if (log.code === 'INEFFECTIVE_DYNAMIC_IMPORT') return;
      handler(level, log);
    },
    external: (id, importer) => {
      if (id.startsWith('.') || id.startsWith('/') || /^[A-Za-z]:[\\/]/.test(id) || BUNDLED_PACKAGES.test(id)) return false;
      if (ZOD.test(id)) return importer !== undefined && SDK_FACING.test(importer);
      return true;
    },
    plugins: [
      inlineCoreFacades(),
      {
        name: 'skillpulse-module-url',
        transform(code, id) {
          if (!id.startsWith(dist + sep) || !code.includes('import.meta.url')) return null;
          let path = relative(cliDir, id).split(sep).join('/');
          if (!path.startsWith('.')) path = `./${path}`;
          return { code: code.replaceAll('import.meta.url', `new URL(${JSON.stringify(path)}, import.meta.url).href`), map: null };
        },
      },
    ],
  });
  try {
    await bundle.write({
      dir: cliDir,
      format: 'esm',
      entryFileNames: '[name].js',
      // Chunks sit beside main.js: the rewritten module URLs are relative to dist/cli/.
      chunkFileNames: `${CHUNK_PREFIX}[name]-[hash].js`,
      codeSplitting: { groups: [{ name: 'core', test: (id) => core.has(id) }] },
    });
  } finally {
    await bundle.close();
  }
  return true;
}

/**
 * A module of the core chunk that is also imported dynamically gets a facade chunk of one line
 * (`export { It as resolveStorePath } from "./_core-….js"`), and every `await import()` of it
 * from core code costs the ESM loader one more file (13 for `report`). Those imports are
 * replaced by the same bindings taken from the core chunk's own scope; the facade files stay for
 * the other chunks that import them.
 */
function inlineCoreFacades() {
  return {
    name: 'skillpulse-inline-core-facades',
    generateBundle(_options, bundle) {
      const core = Object.values(bundle).find((c) => c.type === 'chunk' && c.name === 'core');
      if (!core) return;
      const exported = /export\s*\{([^}]*)\};\s*$/.exec(core.code);
      if (!exported) return;
      const localOf = new Map();
      for (const part of exported[1].split(',')) {
        const m = /^\s*([\w$]+)(?:\s+as\s+([\w$]+))?\s*$/.exec(part);
        if (m) localOf.set(m[2] ?? m[1], m[1]);
      }
      const coreFile = core.fileName.replaceAll('.', '\\.');
      const facadeText = new RegExp(`^export\\s*\\{([^}]*)\\}\\s*from\\s*"\\./${coreFile}";\\s*$`);
      const objects = [];
      let code = core.code;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || chunk === core) continue;
        const facade = facadeText.exec(chunk.code);
        if (!facade) continue;
        const fields = [];
        for (const part of facade[1].split(',')) {
          const m = /^\s*([\w$]+)(?:\s+as\s+([\w$]+))?\s*$/.exec(part);
          const local = m ? localOf.get(m[1]) : undefined;
          if (!m || local === undefined) {
            fields.length = 0;
            break;
          }
          fields.push(`${m[2] ?? m[1]}: ${local}`);
        }
        if (fields.length === 0) continue;
        const call = `import("./${chunk.fileName}")`;
        if (!code.includes(call)) continue;
        const name = `__coreFacade${objects.length}`;
        objects.push(`const ${name} = Object.freeze({ __proto__: null, ${fields.join(', ')} });`);
        code = code.replaceAll(call, `Promise.resolve(${name})`);
      }
      if (objects.length === 0) return;
      // Module scope, after every binding it names: the imports run only inside functions, once
      // the chunk has been evaluated.
      core.code = code.replace(/export\s*\{[^}]*\};\s*$/, (tail) => `${objects.join('\n')}\n${tail}`);
    },
  };
}
