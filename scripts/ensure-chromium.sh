#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (tools that download their own browser cannot work here).
# Installs it when missing and we are root; otherwise says exactly what to run.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
if command -v chromium >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium package…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  command -v chromium >/dev/null 2>&1 && exit 0
fi
cat >&2 <<'MSG'
The browser tests need Chromium and it is not installed.
Install it with:   sudo apt-get update && sudo apt-get install -y chromium
or point CHROMIUM_PATH at an existing Chromium or Chrome binary.
MSG
exit 1
