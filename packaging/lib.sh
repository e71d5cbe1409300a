# What the packaging checks share (sourced by packaging/check-deb.sh and
# packaging/windows/wine-check.sh): how they report, and a virtual screen for the window.

step() { printf '\n== %s\n' "$*"; }
ok() { printf 'ok: %s\n' "$*"; }
fail() {
  printf 'FAILED: %s\n' "$*" >&2
  exit 1
}

# Starts Xvfb (1600 x 1000) on display $1; it is stopped when the script exits.
start_xvfb() {
  Xvfb "$1" -screen 0 1600x1000x24 >/dev/null 2>&1 &
  xvfb=$!
  trap 'kill $xvfb 2>/dev/null || true' EXIT
  sleep 1
}
