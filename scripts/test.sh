#!/usr/bin/env bash
# `npm test`: the whole suite on the embedded database (PGlite), then — when
# TEST_DATABASE_URL is set — the API and model tests again on that PostgreSQL.
# A non-UTC zone makes code that leans on the machine's zone fail here.
set -euo pipefail
export TZ="${TZ:-Pacific/Auckland}"
# A whole run: every call of the OpenAPI document must be reached by some test
# (tests/support/global-setup.ts fails the run otherwise).
export OPENAPI_COVERAGE=1
node scripts/ensure-build.mjs
echo "== API, model and unit tests on PGlite (embedded) =="
echo "   (left out here, as they need PostgreSQL: tests/api/cluster.test.ts, two servers behind nginx;"
echo "    tests/api/read-pipeline.test.ts, the connection the hot lookups share)"
env -u TEST_DATABASE_URL npx vitest run
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== API, model and unit tests on PostgreSQL, with the cluster test (nginx) and the read pipeline's =="
  npx vitest run
else
  echo "== The cluster and read pipeline tests were left out: set TEST_DATABASE_URL (PostgreSQL) and install nginx to run them =="
fi
if [ -f playwright.config.ts ]; then
  echo "== Browser journeys (Chromium, JavaScript on and off) =="
  npx playwright test
fi
