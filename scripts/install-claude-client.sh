#!/usr/bin/env sh
# Installs the pinned real Claude Code client into .tmp/claude-client (gitignored) for the tests and
# the fixture generator that drive it against a local scripted API. It is never a dependency of
# skillpulse. Usage: scripts/install-claude-client.sh [version]
set -eu
VERSION="${1:-2.1.330}"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DEST="$ROOT/.tmp/claude-client"
BIN="$DEST/node_modules/.bin/claude"
if [ -x "$BIN" ] && "$BIN" --version 2>/dev/null | grep -q "^$VERSION "; then
  echo "claude $VERSION already installed at $BIN"
  exit 0
fi
mkdir -p "$DEST"
npm install --prefix "$DEST" --no-save --no-audit --no-fund --loglevel=error "@anthropic-ai/claude-code@$VERSION"
"$BIN" --version
echo "installed: $BIN (use SKILLPULSE_CLAUDE_BIN to point elsewhere)"
