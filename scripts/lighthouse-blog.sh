#!/usr/bin/env bash
# Lighthouse (mobile, the default form factor) SEO and accessibility scores of the blog's pages.
# Not part of `npm test` (slow). Needs a running store and the `lighthouse` CLI (npx fetches it):
#
#   BASE_URL=http://localhost:3000 bash scripts/lighthouse-blog.sh
#
# Prints one line per page and exits 1 when a score is below 100.
set -euo pipefail
BASE_URL="${BASE_URL:-http://localhost:3000}"
LIGHTHOUSE="${LIGHTHOUSE:-npx --yes lighthouse@13.5.0}"
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
POST_SLUG="${POST_SLUG:-iron-for-toddlers}"
out="$(mktemp -d)"
status=0
for path in "/blog/" "/blog/${POST_SLUG}/" "/blog/search/?q=smoothie"; do
  report="$out/report.json"
  $LIGHTHOUSE "${BASE_URL}${path}" --quiet --only-categories=seo,accessibility \
    --chrome-flags="--headless=new --no-sandbox" --output=json --output-path="$report" >/dev/null 2>&1
  line="$(node -e '
    const r = require(process.argv[1]);
    const score = (id) => Math.round(r.categories[id].score * 100);
    const failed = Object.values(r.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary").map((a) => a.id);
    console.log(`seo ${score("seo")} accessibility ${score("accessibility")}${failed.length ? " failing: " + failed.join(",") : ""}`);
  ' "$report")"
  echo "$path: $line"
  [[ "$line" == "seo 100 accessibility 100"* ]] || status=1
done
rm -rf "$out"
exit $status
