#!/usr/bin/env bash
# Runs a command with Node.js 24 first on PATH, so that the root scripts (`npm start`, `npm test`, …) work from a shell
# whose `node` is older (Debian 12's is 20): scripts/node-24.sh finds or fetches Node 24, once, outside the work tree,
# and the system's Node is left as it is. Says so in one line when it steps in.
#
#   bash scripts/with-node-24.sh npm run start -w scripts
set -euo pipefail

bin="$(bash "$(dirname "$0")/node-24.sh")"
current="$(command -v node || true)"
if [ "$(dirname "${current:-/nonexistent/node}")" != "$bin" ]; then
  was="missing"
  if [ -n "$current" ]; then was="$("$current" -v)"; fi
  echo "chainellation: this shell's node is $was; running on Node $("$bin/node" -v) from $bin" >&2
fi
PATH="$bin:$PATH" exec "$@"
