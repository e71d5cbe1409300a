#!/bin/sh
# Old and new in one run: builds the benchmarks named (default: recorder and editor) at the commit
# OLD (default: the one before the current branch's first commit not on main) and at the work
# tree, then runs them alternately, ROUNDS times each (old, new, old, new, ...), so both meet the
# same load of a shared machine, and prints each benchmark's median per round and the ratio
# new/old of the medians. Both run with the same fixed malloc thresholds (see GLIBC_TUNABLES below).
#
#   benches/old_vs_new.sh 85d8805                 # recorder and editor, 3 rounds
#   ROUNDS=5 benches/old_vs_new.sh 85d8805 recorder
#
# The old source lives in target/old-vs-new/src (a git worktree) and builds into
# target/old-vs-new/target: with one target directory for both, cargo gave the two trees the same
# executable (its dep-info names sources by their path in the package, which both trees share), so
# "old" and "new" could be one build. The first run builds the dependencies there once.
set -eu
old=${1:?usage: benches/old_vs_new.sh OLD-COMMIT [BENCH...]}
shift
[ $# -gt 0 ] || set -- recorder editor
rounds=${ROUNDS:-3}
# Shorter than criterion's defaults so the alternation fits in minutes; still 20+ samples each.
args="--warm-up-time 1 --measurement-time 3 --noplot"
# glibc's malloc with its thresholds fixed, on both sides. Left to itself it moves them as the
# process frees large blocks and gives the top of the heap back to the system when more than the
# trim threshold is free there; whether a timed routine then gets fresh pages (a page fault each)
# depends on what ran earlier in the process, not on the code timed. The recorder's entry
# benchmarks grow the document's undo history by one step on a fresh clone (a 226 KB realloc per
# entry): in that state the same executable measured 45 or 139 us, with 29,500 or 115,700 page
# faults (issue 29's note). Fixed, the same runs give 29,500 and 30,200 faults, old and new.
# A value already in the environment wins.
export GLIBC_TUNABLES="${GLIBC_TUNABLES:-glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=268435456}"

here=$(cd "$(dirname "$0")/.." && pwd)
work="$here/target/old-vs-new"
mkdir -p "$work"
if [ ! -d "$work/src" ]; then
    git -C "$here" worktree add --detach "$work/src" "$old" >/dev/null
else
    git -C "$work/src" checkout --quiet --detach "$old"
fi

# The executable of each benchmark, built in the bench profile (cargo prints where it is).
exe_of() { # dir target-dir bench
    (cd "$1" && CARGO_TARGET_DIR="$2" cargo bench --no-run --message-format=json --bench "$3" 2>/dev/null) |
        python3 -c 'import json,sys
for l in sys.stdin:
    m = json.loads(l)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["target"]["kind"] == ["bench"]:
        print(m["executable"])' | tail -n 1
}

for b in "$@"; do
    echo "building $b (old $old, new: the work tree)" >&2
    eval "old_$b=\$(exe_of \"\$work/src\" \"\$work/target\" \"\$b\")"
    eval "new_$b=\$(exe_of \"\$here\" \"\$here/target\" \"\$b\")"
done

log="$work/runs.log"
: >"$log"
r=1
while [ "$r" -le "$rounds" ]; do
    for b in "$@"; do
        for side in old new; do
            eval "exe=\$${side}_$b"
            echo "round $r: $side $b" >&2
            # Each benchmark's name and its median ("time: [low median high]").
            (cd "$here" && "$exe" --bench $args 2>/dev/null) | python3 -c '
import re, sys
side, rnd = sys.argv[1], sys.argv[2]
scale = {"ps": 1e-3, "ns": 1, "µs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}
name = None
for line in sys.stdin:
    before, has_time, after = line.partition("time:")
    if not has_time:
        # A benchmark name stands alone at the start of a line; the rest is criterion talking.
        if line.strip() and not line[0].isspace() and not line.startswith(("Benchmarking", "Found", "Warning", "match:", "file:", "change:", "Performance", "No change")):
            name = line.strip()
        continue
    name = before.strip() or name
    t = re.search(r"\[\S+ \S+ (\S+) (\S+) \S+ \S+\]", after)
    if t and name:
        print(f"{side}\t{rnd}\t{float(t.group(1)) * scale[t.group(2)]:.1f}\t{name}")
        name = None
' "$side" "$r" >>"$log"
        done
    done
    r=$((r + 1))
done

python3 - "$log" <<'EOF'
import statistics, sys
from collections import defaultdict
runs = defaultdict(lambda: defaultdict(list))
for line in open(sys.argv[1], encoding="utf-8"):
    side, rnd, ns, name = line.rstrip("\n").split("\t", 3)
    runs[name][side].append(float(ns))
def show(ns):
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.2f} {unit}"
    return f"{ns:.0f} ns"
print(f"{'benchmark':<72} {'old':>10} {'new':>10}  new/old  (medians of the rounds' medians)")
for name, sides in runs.items():
    if sides["old"] and sides["new"]:
        o, n = statistics.median(sides["old"]), statistics.median(sides["new"])
        print(f"{name[:72]:<72} {show(o):>10} {show(n):>10}  {n / o:6.2f}")
    else:
        only = "new" if sides["new"] else "old"
        print(f"{name[:72]:<72} {'(only ' + only + ')':>21}  {show(statistics.median(sides[only]))}")
EOF
