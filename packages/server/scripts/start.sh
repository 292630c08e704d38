#!/usr/bin/env bash
# `pnpm start`: builds the web app (when it has a build script), then serves it with the API and
# the sandbox payment provider on one origin. Extra arguments go to the server (--seed-demo).
set -euo pipefail
cd "$(dirname "$0")/../../.."

if node -e "process.exit(JSON.parse(require('fs').readFileSync('packages/web/package.json','utf8')).scripts?.build ? 0 : 1)"; then
  if ! pnpm --filter @portal/web build; then
    echo "La construction de l'application web a échoué : le serveur démarre avec l'API seule." >&2
  fi
else
  echo "L'application web n'a pas encore de script de construction : seule l'API sera servie." >&2
fi

exec pnpm --filter @portal/server exec tsx src/main.ts "$@"
