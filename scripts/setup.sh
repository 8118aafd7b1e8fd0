#!/usr/bin/env bash
# One setup for a fresh machine: the browsers for the e2e tests and the demo, then the exact lockfile.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/bin/chromium ]; then
  echo "setup: installing Debian's chromium (needed by the e2e tests and the demo)"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
# Without its other languages Debian's chromium draws date and time fields in US format whatever
# --lang says: the French screenshots and the French e2e tests need fr.pak.
if [ -z "${CHROMIUM_PATH:-}" ] && [ -d /usr/lib/chromium/locales ] && [ ! -e /usr/lib/chromium/locales/fr.pak ]; then
  echo "setup: installing Debian's chromium-l10n (the browser's French)"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium-l10n >/dev/null
fi
# The Firefox e2e suite and `npm run demo -- --browser firefox` drive Debian's firefox-esr.
if [ -z "${FIREFOX_PATH:-}" ] && [ ! -x /usr/bin/firefox-esr ] && [ ! -x /usr/bin/firefox ]; then
  echo "setup: installing Debian's firefox-esr (needed by the Firefox e2e tests)"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq firefox-esr >/dev/null
fi
npm ci --no-audit --no-fund
