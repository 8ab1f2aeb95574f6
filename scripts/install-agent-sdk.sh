#!/usr/bin/env sh
# Installs the pinned @anthropic-ai/claude-agent-sdk into .tmp/agent-sdk (gitignored) for the
# agent-sdk runner's end-to-end tests (src/eval/runners/agent-sdk.e2e.test.ts), which load it through
# SKILLPULSE_AGENT_SDK. It is never a dependency of skillpulse (an optional peer users install).
# Usage: scripts/install-agent-sdk.sh [version]
#
# Peers: the SDK declares @anthropic-ai/sdk, @modelcontextprotocol/sdk and zod as peer dependencies,
# but its runtime bundle (sdk.mjs) imports none of them (they are bundled in; only sdk.d.ts refers to
# them). They are therefore NOT installed into the prefix (--legacy-peer-deps): Node resolves them
# upward from .tmp/agent-sdk to the repo's own node_modules, exactly as in a user's project where
# skillpulse's copies satisfy them. The check at the end fails if a declared peer range is not
# satisfied by the copy that resolves from the SDK's folder.
set -eu
VERSION="${1:-0.3.330}"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DEST="$ROOT/.tmp/agent-sdk"
PKG="$DEST/node_modules/@anthropic-ai/claude-agent-sdk"
installed() { node -e 'process.stdout.write(require(process.argv[1]).version)' "$PKG/package.json" 2>/dev/null || true; }
if [ "$(installed)" != "$VERSION" ]; then
  mkdir -p "$DEST"
  npm install --prefix "$DEST" --no-save --no-audit --no-fund --legacy-peer-deps --loglevel=error \
    "@anthropic-ai/claude-agent-sdk@$VERSION"
fi
[ "$(installed)" = "$VERSION" ] || { echo "error: @anthropic-ai/claude-agent-sdk@$VERSION did not install into $DEST" >&2; exit 1; }
node - "$PKG" <<'JS'
const { createRequire } = require('node:module');
const path = require('node:path');
const fs = require('node:fs');
const pkgDir = process.argv[2];
const manifest = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
const req = createRequire(path.join(pkgDir, 'package.json'));
const parse = (v) => v.split(/[.+-]/).slice(0, 3).map(Number);
const cmp = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
// The SDK's peer ranges are of the forms ">=x.y.z" and "^x.y.z".
const satisfies = (version, range) => {
  const v = parse(version);
  const m = /^(>=|\^)(\d+\.\d+\.\d+)$/.exec(range.trim());
  if (!m) throw new Error(`unsupported peer range ${range}`);
  const base = parse(m[2]);
  if (m[1] === '>=') return cmp(v, base) >= 0;
  return cmp(v, base) >= 0 && (base[0] > 0 ? v[0] === base[0] : v[1] === base[1]);
};
// Find a peer's package.json by walking up node_modules folders (exports maps may hide it from require).
const findManifest = (name) => {
  for (const dir of req.resolve.paths(name) ?? []) {
    const file = path.join(dir, name, 'package.json');
    if (fs.existsSync(file)) return file;
  }
  return null;
};
let bad = 0;
for (const [name, range] of Object.entries(manifest.peerDependencies ?? {})) {
  const file = findManifest(name);
  if (!file) {
    console.error(`error: peer ${name}@${range} does not resolve from ${pkgDir}`);
    bad++;
    continue;
  }
  const version = JSON.parse(fs.readFileSync(file, 'utf8')).version;
  const ok = satisfies(version, range);
  console.log(`peer ${name}@${range}: ${version} from ${path.dirname(file)} ${ok ? 'ok' : 'NOT SATISFIED'}`);
  if (!ok) bad++;
}
// The bundle must not import its peers at run time (the reason they are not installed here).
const bundle = fs.readFileSync(path.join(pkgDir, 'sdk.mjs'), 'utf8');
for (const name of Object.keys(manifest.peerDependencies ?? {})) {
  if (new RegExp(`from\\s*["']${name}(/[^"']*)?["']|import\\(\\s*["']${name}`).test(bundle)) {
    console.error(`error: sdk.mjs imports its peer ${name} at run time`);
    bad++;
  }
}
process.exit(bad ? 1 : 0);
JS
echo "installed: $PKG (the e2e tests find it there; or set SKILLPULSE_AGENT_SDK to a package folder)"
