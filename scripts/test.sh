#!/usr/bin/env bash
# `npm test`: type check, unit and integration tests on a real PostgreSQL, the cluster test of the production build,
# then the browser tests in Chromium.
# The last line counts every test of every suite: "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
results=.test-results
rm -rf "$results" && mkdir -p "$results"
status=0

# The Node every stage runs on: npm puts node_modules/.bin, where the devDependency `node` installed the declared
# Node, first on the PATH of this script and of everything it starts (decision 3901).
echo "== Node $(node --version) ($(command -v node))"
node portal/src/required-node.ts 2>/dev/null || { echo "npm test needs Node 24 or later and this is Node $(node --version): npm ci installs it in node_modules/.bin"; exit 1; }

bash scripts/ensure-chromium.sh || exit 1

# The type check and the build each keep about one core busy (35 s and 12 s of CPU), so they run side by side; the
# type check's findings are printed once both have ended.
echo "== type check and build"
npx tsc -p tsconfig.json --noEmit >"$results/tsc.log" 2>&1 &
tsc_pid=$!
npm run build --silent >"$results/build.log" 2>&1 || { cat "$results/build.log"; status=1; }
wait "$tsc_pid" || { cat "$results/tsc.log"; status=1; }

# docker-compose.yml is validated with Debian's docker-compose when it can be had (the schema test runs regardless).
bash scripts/ensure-docker-compose.sh || echo "(docker-compose.yml is checked against the Compose schema only)"

echo "== unit and integration tests"
npx vitest run --reporter=default --reporter=json --outputFile.json="$results/unit.json" || status=1

echo "== cluster test (two web and two worker nodes of the production build)"
if bash scripts/ensure-redis.sh && bash scripts/ensure-nginx.sh; then
  npx vitest run --config cluster/vitest.config.ts --reporter=default --reporter=json --outputFile.json="$results/cluster.json" || status=1
else
  status=1
fi

echo "== browser tests"
npx vitest run --config e2e/vitest.config.ts --reporter=default --reporter=./e2e/support/retried-reporter.ts --reporter=json --outputFile.json="$results/e2e.json" || status=1

echo "(on Node $(node --version))"
node scripts/count-tests.mjs "$results/unit.json" "$results/cluster.json" "$results/e2e.json" || status=1
exit $status
