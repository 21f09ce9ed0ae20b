#!/usr/bin/env bash
# One entry point for people and CI.  On a fresh machine:
#   ./go serve   install everything, build the knowledge base from the bundled sources, serve it
#   ./go test    install everything, run the whole test suite
# Other verbs: ./go setup | ./go build | ./go bench
set -euo pipefail
cd "$(dirname "$0")"
VENV=.venv
PY="$VENV/bin/python"

setup_python() {
    if [ ! -x "$PY" ]; then python3 -m venv "$VENV"; fi
    "$PY" -m pip install -q --disable-pip-version-check --upgrade pip >/dev/null
    "$PY" -m pip install -q --disable-pip-version-check -e '.[test]'
}

setup_system() {
    # Debian's chromium for the browser tests (Playwright drives it; it never downloads a browser), and
    # a CJK font so Japanese card names render (tests/test_browser.py checks they are not empty boxes).
    if ! command -v chromium >/dev/null 2>&1 || ! dpkg -s fonts-noto-cjk >/dev/null 2>&1; then
        local sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
        $sudo apt-get update -q >/dev/null
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q chromium fonts-noto-cjk >/dev/null
    fi
}

setup_data() { "$VENV/bin/kb" setup-data; }

case "${1:-}" in
    setup) setup_python; setup_data ;;
    build) setup_python; setup_data; "$VENV/bin/kb" build ;;
    serve) setup_python; setup_data; "$VENV/bin/kb" build; shift; exec "$VENV/bin/kb" serve "$@" ;;
    test)
        setup_python; setup_system; setup_data; shift
        exec "$PY" -m pytest -n 2 -q "$@" ;;
    bench) setup_python; setup_data; shift; for b in bench/*.py; do "$PY" "$b" "$@"; done ;;
    *) echo "usage: ./go serve|test|build|setup|bench" >&2; exit 2 ;;
esac
