#!/usr/bin/env bash
# Lighthouse 13 (mobile, the default form factor, simulated throttling): performance, accessibility,
# best practices and SEO of the store's main pages, the median of RUNS runs per category.
# Not part of `npm test` (slow: about a minute per run). Needs a production store already running:
#
#   npm run build && PORT=3551 npm run serve &
#   BASE_URL=http://localhost:3551 bash scripts/lighthouse.sh
#
# Prints one line per page and exits 1 when a median is below target (performance 95, the others
# 100). PAGES="/ /menus" measures only those; KEEP_REPORTS=dir keeps every JSON report.
set -euo pipefail
BASE_URL="${BASE_URL:-http://localhost:3000}"
LIGHTHOUSE="${LIGHTHOUSE:-npx --yes lighthouse@13.5.0}"
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
RUNS="${RUNS:-3}"
POST_SLUG="${POST_SLUG:-iron-for-toddlers}"
PAGES="${PAGES:-/ /menus /onboarding/plans /gift-cards /blog/ /blog/${POST_SLUG}/}"
out="${KEEP_REPORTS:-$(mktemp -d)}"
mkdir -p "$out"
status=0
for path in $PAGES; do
  reports=()
  for run in $(seq 1 "$RUNS"); do
    report="$out/$(echo "$path" | tr -c 'a-zA-Z0-9\n' '_')-$run.json"
    # A run can fail on a loaded machine (Chrome too slow to start): it is tried once more.
    for attempt in 1 2; do
      rm -f "$report"
      if $LIGHTHOUSE "${BASE_URL}${path}" --quiet \
        --only-categories=performance,accessibility,best-practices,seo \
        --chrome-flags="--headless=new --no-sandbox" --output=json --output-path="$report" >/dev/null 2>&1 &&
        node -e 'process.exit(require(process.argv[1]).runtimeError ? 1 : 0)' "$report"; then
        reports+=("$report")
        break
      fi
    done
  done
  if [[ ${#reports[@]} -eq 0 ]]; then
    printf '%-28s %s\n' "$path" "FAIL no Lighthouse run completed"
    status=1
    continue
  fi
  line="$(node -e '
    const reports = process.argv.slice(1).map((file) => require(file));
    const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const score = (id) => median(reports.map((r) => Math.round((r.categories[id].score ?? 0) * 100)));
    const metric = (id) => median(reports.map((r) => r.audits[id].numericValue ?? 0));
    // What the runs failed (the median run being unknowable per audit, any run counts).
    const failed = new Set();
    for (const r of reports)
      for (const category of ["accessibility", "best-practices", "seo"])
        for (const ref of r.categories[category].auditRefs) {
          const audit = r.audits[ref.id];
          if (ref.weight > 0 && audit.score !== null && audit.score < 1) failed.add(audit.id);
        }
    const scores = { perf: score("performance"), a11y: score("accessibility"), bp: score("best-practices"), seo: score("seo") };
    const ok = scores.perf >= 95 && scores.a11y === 100 && scores.bp === 100 && scores.seo === 100;
    console.log(
      `${ok ? "ok  " : "FAIL"} perf ${scores.perf} a11y ${scores.a11y} bp ${scores.bp} seo ${scores.seo}` +
        ` | FCP ${(metric("first-contentful-paint") / 1000).toFixed(1)} s LCP ${(metric("largest-contentful-paint") / 1000).toFixed(1)} s` +
        ` TBT ${Math.round(metric("total-blocking-time"))} ms CLS ${metric("cumulative-layout-shift").toFixed(3)}` +
        (failed.size ? ` | failing: ${[...failed].join(",")}` : ""),
    );
  ' "${reports[@]}")"
  printf '%-28s %s\n' "$path" "$line"
  [[ "$line" == ok* ]] || status=1
done
[[ -n "${KEEP_REPORTS:-}" ]] || rm -rf "$out"
exit $status
