#!/usr/bin/env bash
# `pnpm start`: builds the web app and the server (`pnpm build`), then serves the app, the API and
# the sandbox payment provider on one origin with plain `node` (tsx is for development only).
# Extra arguments go to the server (--seed-demo creates the demo customer if missing).
set -euo pipefail
cd "$(dirname "$0")/../../.."

pnpm build
exec node packages/server/dist/main.js "$@"
