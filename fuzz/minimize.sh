#!/bin/sh
# Replaces fuzz/minimized/TARGET (committed) by the smallest set of inputs of the working corpus
# (fuzz/corpus/TARGET, not committed), the old minimized set and the seeds that covers every
# feature libFuzzer saw in them (its set-cover merge), less what comes from ../shared/corpus.
#   fuzz/minimize.sh jmjp_roundtrip
set -eu
cd "$(dirname "$0")"
target=$1
bin=target/x86_64-unknown-linux-gnu/release/$target
[ -x "$bin" ] || cargo +nightly fuzz build -s none "$target"
new=$(mktemp -d)
mkdir -p "minimized/$target" "corpus/$target"
"$bin" -merge=1 -set_cover_merge=1 "$new" "minimized/$target" "corpus/$target" "seeds/$target" >/dev/null 2>&1
# The real games of ../shared/corpus are read from there, never copied in: an input that shares 48
# bytes in a row with one of them (or with its conversion in target/shared) is left out.
python3 - "$new" ../../shared/corpus/tenhou6 target/shared <<'PY'
import os, sys
K = 48
seen = set()
for root in sys.argv[2:]:
    for d, _, files in os.walk(root):
        for f in files:
            b = open(os.path.join(d, f), "rb").read()
            seen.update(b[i:i + K] for i in range(len(b) - K + 1))
for f in os.listdir(sys.argv[1]):
    p = os.path.join(sys.argv[1], f)
    b = open(p, "rb").read()
    if any(b[i:i + K] in seen for i in range(len(b) - K + 1)):
        os.remove(p)
PY
rm -rf "minimized/$target"
mv "$new" "minimized/$target"
echo "$target: $(ls "minimized/$target" | wc -l) inputs, $(cat "minimized/$target"/* | wc -c) bytes"
