#!/usr/bin/env bash
# Prints the folder of a Node.js 24 LTS binary, for the front of PATH:
#
#   export PATH="$(bash scripts/node-24.sh):$PATH"
#
# The project runs on Node 24 (see .nvmrc). When the `node` on PATH already meets package.json's engines (>=24.15;
# jsdom 31 needs ^24.15 as well), that one is used.
# Otherwise Node 24 comes from the npm registry (the `node` package ships the official binary) into a cache folder
# outside the work tree, once; the system's own Node is never touched. NODE_24_CACHE overrides the folder.
set -euo pipefail

version=24.21.0
if command -v node >/dev/null && node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 24 || (a === 24 && b >= 15) ? 0 : 1)'; then
  dirname "$(command -v node)"
  exit 0
fi

cache="${NODE_24_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/chainellation/node-$version}"
bin="$cache/node_modules/node/bin"
if [ ! -x "$bin/node" ] || [ "$("$bin/node" -v)" != "v$version" ]; then
  mkdir -p "$cache"
  # npm's progress goes to stderr so that stdout is only the folder.
  npm install --prefix "$cache" --no-save --no-audit --no-fund --no-package-lock "node@$version" >&2
fi
echo "$bin"
