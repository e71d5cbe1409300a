#!/bin/sh
# Runs one fuzz target for RUNS executions (10 million unless told) on its seeds and its growing
# corpus, with the options this project's table in the guide (docs/src/robustness.md) was measured with, and prints the
# line for that table: target, executions, seconds, executions per second, coverage, crashes.
#   fuzz/run.sh jmjp_roundtrip            # 10 million executions
#   fuzz/run.sh recorder_keys 200000
set -eu
cd "$(dirname "$0")"
target=$1
runs=${2:-10000000}
case $target in
  tenhou6|mjai) max_len=4096 ;;
  mjlog) max_len=32768 ;;
  recorder_keys|mpsz) max_len=256 ;;
  *) max_len=8192 ;;
esac
dict=""
[ "$target" = jmjp_roundtrip ] && dict="-dict=jmjp.dict"
# The recorder target spends its time in the rules engine: without the comparison tracing it runs
# four times faster, and its bytes are keys, which need no comparison hints.
flags=""
[ "$target" = recorder_keys ] && flags="--no-trace-compares"
mkdir -p "corpus/$target" "minimized/$target" "artifacts/$target"
# The real games of ../shared/corpus are seeds too, read from there (never copied in): as they are
# for tenhou6, converted (into fuzz/target/shared, not committed) for mjai and .jmjp.
shared=../../shared/corpus/tenhou6
extra=""
case $target in
  tenhou6) extra=$shared ;;
  mjlog) extra=../tests/fixtures/mjlog ;;
  mjai|jmjp_roundtrip)
    ext=jmjp; to=jmjp
    [ "$target" = mjai ] && { ext=mjson; to=mjai; }
    extra=target/shared/$target
    mkdir -p "$extra"
    for f in "$shared"/*.json; do
      out="$extra/$(basename "$f" .json).$ext"
      [ -s "$out" ] || cargo run -q --release --manifest-path ../Cargo.toml --no-default-features \
        --target-dir target/cli -- convert --to "$to" "$f" "$out" >/dev/null 2>&1 || true
    done ;;
esac
log="artifacts/$target/run.log"
start=$(date +%s)
# The library is safe Rust (`unsafe_code = "forbid"`): no sanitizer, which makes the runs several
# times faster. A crash stops the run and leaves its input in artifacts/TARGET/.
cargo +nightly fuzz run -s none $flags "$target" "corpus/$target" "minimized/$target" "seeds/$target" $extra -- \
  -runs="$runs" -max_len="$max_len" $dict -print_final_stats=1 >"$log" 2>&1 || true
end=$(date +%s)
secs=$((end - start))
execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
cov=$(grep -E 'DONE' "$log" | grep -o 'cov: [0-9]*' | grep -o '[0-9]*' || echo "?")
crashes=$(ls "artifacts/$target" | grep -c -E '^(crash|timeout|oom|leak)-' || true)
echo "$target | $execs | ${secs}s | $((execs / (secs > 0 ? secs : 1)))/s | cov $cov | crashes $crashes"
