#!/usr/bin/env bash
# Runs npm with the given arguments on the Node the project declares (the version of the devDependency `node`), so
# that npm checks every package's `engines` against the Node the packages will run on. npm checks them against the
# Node that runs npm itself, and npm 11 has no setting that says otherwise (decision 3901). When the machine's own
# Node is already new enough, plain npm runs; otherwise npm fetches the declared Node from the registry once (its
# cache keeps it) and runs on it. `bash scripts/npm-on-declared-node.sh ci` is `npm ci` without EBADENGINE warnings.
set -euo pipefail
cd "$(dirname "$0")/.."
declared=$(node -p "require('./package.json').devDependencies.node")
if node -e "process.exit(Number(process.versions.node.split('.')[0]) >= Number('$declared'.split('.')[0]) ? 0 : 1)"; then
  exec npm "$@"
fi
exec npm exec --yes --package="node@$declared" -- npm "$@"
