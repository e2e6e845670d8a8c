#!/usr/bin/env bash
# Install what the tests need, then run all of them (unit, AppTest and real-browser tests).
# Usage: bash scripts/test.sh [extra pytest arguments, e.g. -m "not e2e" or -k smoke]
# Idempotent: what is already installed is not installed again.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

PYTHON="${PYTHON:-python}"

# 1. Python packages (pip skips what already satisfies the ranges).
"$PYTHON" -m pip install --quiet --disable-pip-version-check --root-user-action=ignore -r requirements-dev.txt

# 2. A browser for the Playwright tests: Debian's Chromium (`playwright install` cannot download
#    browsers here), a CJK font so the Chinese text is drawn in screenshots, ZBar (libzbar0) and redis-server.
apt_packages=()
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
    apt_packages+=(chromium)
fi
if ! { command -v fc-list >/dev/null && [ -n "$(fc-list :lang=zh family 2>/dev/null)" ]; }; then
    apt_packages+=(fonts-wqy-microhei)
fi
# ZBar, the QR code reader pyzbar loads, to check that the presenter's QR code reads as the board's link.
if ! ldconfig -p 2>/dev/null | grep -q 'libzbar\.so\.0'; then
    apt_packages+=(libzbar0)
fi
# Redis, the live classes' store for several hosts: tests/conftest.py starts a private redis-server.
if ! command -v redis-server >/dev/null; then
    apt_packages+=(redis-server)
fi
# nginx, the load balancer of deploy/nginx.conf: tests/e2e/test_replicas.py runs its own in front of two app processes
# (on bookworm, nginx-light is only nginx plus a module: nginx is the smaller install).
if [ ! -x /usr/sbin/nginx ]; then
    apt_packages+=(nginx)
fi
# A C compiler and make: tests/trec_eval_binaries.py builds the real trec_eval 9.0.7, 9.0.8 and 10.0 from
# ../shared/conformance/trec_eval_src/ for the differential test against `python -m metrics trec_eval`.
if ! { command -v cc >/dev/null && command -v make >/dev/null; }; then
    apt_packages+=(build-essential)
fi
# GNU gettext's msgfmt: tests/ui/i18n/test_catalogue.py runs `msgfmt --check` on every catalogue (ui/locale/).
if ! command -v msgfmt >/dev/null; then
    apt_packages+=(gettext)
fi
if [ "${#apt_packages[@]}" -gt 0 ]; then
    if [ "$(id -u)" -eq 0 ]; then SUDO=(); else SUDO=(sudo); fi
    echo "Installing with apt-get: ${apt_packages[*]}"
    export DEBIAN_FRONTEND=noninteractive
    "${SUDO[@]}" apt-get update -qq
    "${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${apt_packages[@]}" >/dev/null
fi

# 3. The tests. With no arguments: everything, in two parts, each spread over the machine's cores by
#    pytest-xdist (RML_TEST_WORKERS=1 runs them in one process): first the fast tier (unit, AppTest), then
#    the browser tests. With arguments: one pytest run with those arguments, spread over the cores too unless
#    they choose (-n N, -p no:xdist). Day to day: bash scripts/test.sh -m "not e2e and not slow" (the fast tier).
#    pytest exits 5 when it collected no test: that is a failure too.
workers="${RML_TEST_WORKERS:-$(nproc 2>/dev/null || echo 1)}"
parallel=()
# worksteal: a worker that runs out of tests takes half of another's queue (a long test at the end of one
# queue no longer leaves the other cores idle)
if [ "$workers" -gt 1 ]; then parallel=(-n "$workers" --dist worksteal); fi
# The browser tests: one worker per core (RML_E2E_WORKERS overrides). One more was measured (2026-11-28, idle 2-core
# machine): load 12, 34 min against two's 38 on CI, and a lesson walk read a reveal mid-draw: it stays at the cores. The
# live-class walks (a teacher and several students' browsers each) share one xdist group, so that one runs at a
# time (loadgroup: the others spread over the workers).
e2e_workers="${RML_E2E_WORKERS:-$workers}"
e2e_parallel=()
if [ "$e2e_workers" -gt 1 ]; then e2e_parallel=(-n "$e2e_workers" --dist loadgroup); fi
run_pytest() {
    local status=0
    "$PYTHON" -m pytest "$@" || status=$?
    if [ "$status" -eq 5 ]; then
        echo "scripts/test.sh: pytest collected no tests ($*)" >&2
    fi
    return "$status"
}
if [ "$#" -eq 0 ]; then
    # Each part's durations, test by test, in artifacts/junit-*.xml (git ignores artifacts/): what a change of the
    # suite's time is read from (python scripts/test_times.py).
    status=0
    run_pytest -m "not e2e" "${parallel[@]}" --junitxml=artifacts/junit-fast.xml || status=$?
    run_pytest -m e2e "${e2e_parallel[@]}" --junitxml=artifacts/junit-e2e.xml || status=$?
    exit "$status"
fi
case " $* " in
    *" -n"* | *" --numprocesses"* | *"no:xdist"*) run_pytest "$@" ;;
    *) run_pytest "$@" "${parallel[@]}" ;;
esac
