#!/usr/bin/env bash
# Browser end-to-end tests: installs Debian's Chromium (if missing) and the
# npm packages, then runs the tests in web/e2e with node's test runner:
# e2e.mjs: the rooms, house rules, pockets; variants.mjs: every catalogue
# variant against the AI, the xiangqi/janggi boards, walls; layout.mjs and
# defects.mjs: widths 390-1400 px and the defects of issue 44; pieces.mjs:
# the piece images (spartan, shogi, every variant's set); legend.mjs: the
# piece legend and the Rules section (docs/legend.png); custom.mjs: custom
# variants pasted as variants.ini (Shaolin King); play.mjs: rematch, abort,
# navigation, premoves, sounds, flip, title; editor.mjs: the board editor and
# recent games (own first); break44.mjs: what trying to break them found;
# lab.mjs: the Lab page (serve --lab); legal.mjs: the legal moves a spectator
# or the waiting player asks for, and the premoves (protocol 2); why.mjs:
# "Why is this move legal?" across a move (the selected piece's moves anew).
# Screenshots:
# web/e2e/output/*.png.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x /usr/bin/chromium ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
fi
[ -d node_modules/playwright-core ] || npm ci --no-audit --no-fund
export CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
# one server binary for every test file (each starts its own server)
if [ -z "${HOUSERULES_BIN:-}" ]; then
  bindir=$(mktemp -d)
  trap 'rm -rf "$bindir"' EXIT
  (cd .. && go build -o "$bindir/houserules" ./cmd/houserules)
  export HOUSERULES_BIN=$bindir/houserules
fi
node --test --test-concurrency=1 e2e/e2e.mjs e2e/variants.mjs e2e/layout.mjs e2e/defects.mjs e2e/pieces.mjs e2e/legend.mjs e2e/custom.mjs e2e/play.mjs e2e/editor.mjs e2e/break44.mjs e2e/lab.mjs e2e/legal.mjs e2e/why.mjs
