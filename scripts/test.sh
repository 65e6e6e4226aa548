#!/usr/bin/env bash
# The whole test suite: static checks, unit tests, API tests on PGlite (and on PostgreSQL when
# TEST_DATABASE_URL is set; then also two replicas of the compiled store), the browser journeys.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-chromium.sh

echo "── typecheck" && npm run --silent typecheck
echo "── lint" && npm run --silent lint
# The production build comes first: the scale-out test runs the compiled store (dist/) it makes.
echo "── production build" && npm run --silent build
echo "── unit and API tests" && npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
echo "── /menus JavaScript budget" && node scripts/js-budget.mjs
echo "── maintenance build" && MAINTENANCE_MODE=true WEB_BUILD_DIR=build-maintenance npm run --silent build -w @sprout/web
echo "── browser tests" && PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/playwright.json npx playwright test --reporter=list,json

node scripts/test-summary.mjs test-results/vitest.json test-results/playwright.json
