#!/usr/bin/env bash
# `pnpm start`: builds the web app, then serves it with the API and the sandbox payment provider on
# one origin. Extra arguments go to the server (--seed-demo creates the demo customer if missing).
set -euo pipefail
cd "$(dirname "$0")/../../.."

pnpm --filter @portal/web build
exec pnpm --filter @portal/server exec tsx src/main.ts "$@"
