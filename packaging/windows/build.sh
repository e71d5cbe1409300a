#!/bin/sh
# Builds the Windows program and its installer on Linux:
#   target/x86_64-pc-windows-gnu/release/jmjp-studio.exe and jmjp-studiow.exe (with their icon,
#   version information and manifest: build.rs), then
#   target/windows/jmjp-studio-VERSION-setup.exe (NSIS, 64-bit: packaging/windows/installer.nsi),
#   which installs the user guide beside the program as guide\ (built here by mdBook from docs/
#   into docs/book, as .ci/run builds it; an existing docs/book is used when mdBook is missing).
#
#   packaging/windows/build.sh
#
# Needs the Rust target (rustup target add x86_64-pc-windows-gnu), mingw (Debian's
# gcc-mingw-w64-x86-64: the linker and windres), NSIS (Debian's nsis) and mdBook (.ci/run installs
# it with cargo); packaging/windows/wine-check.sh installs the others.
set -eu
cd "$(dirname "$0")/../.."
target=x86_64-pc-windows-gnu
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER="${CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER:-x86_64-w64-mingw32-gcc}"
# Without debugging symbols: the .exe is a third of the size.
CARGO_PROFILE_RELEASE_STRIP=symbols cargo build --release --locked --target "$target" --bins
bin=target/$target/release
mkdir -p target/windows
# The user guide, built fresh when mdBook is there (an installer never ships a stale one).
if command -v mdbook >/dev/null 2>&1; then
  mdbook build docs >target/windows/mdbook.log 2>&1 || { cat target/windows/mdbook.log; echo "the guide (docs/) did not build" >&2; exit 1; }
elif [ ! -f docs/book/index.html ]; then
  echo "the user guide is not built (no docs/book/index.html) and mdBook is missing: install it" >&2
  echo "(cargo install mdbook --locked --version 0.5.4 --no-default-features --features search, as .ci/run does)" >&2
  echo "or build the guide with 'mdbook build docs', then run this again" >&2
  exit 1
fi
# The guide's files as NSIS macros: InstallGuide makes each folder, empties it of an earlier
# guide's files and packs each file; UninstallGuide deletes each file, then each folder (the
# deepest first) when it is empty.
guide=$(pwd)/target/windows/guide.nsh
book=$(pwd)/docs/book
if (cd "$book" && find . -name '*"*' -o -name '*$*' | grep -q .); then
  echo "a file of the guide has a quote or a dollar sign in its name: NSIS cannot name it" >&2
  exit 1
fi
# (printf, not echo: dash's echo would read the \t of guide\toc.html as a tab.)
winpath() { printf '%s' "$1" | tr / '\\'; }
{
  printf '%s\n' "; The user guide's files (docs/book), written by packaging/windows/build.sh." '!macro InstallGuide'
  (cd "$book" && find . -type d | LC_ALL=C sort) | while read -r dir; do
    # What an earlier version's guide left in the folder goes first (mdBook names its scripts and
    # styles by their content, so each version's names differ).
    printf '  SetOutPath "$INSTDIR\\guide%s"\n  Delete "$INSTDIR\\guide%s\\*.*"\n' "$(winpath "${dir#.}")" "$(winpath "${dir#.}")"
    (cd "$book/$dir" && find . -maxdepth 1 -type f | LC_ALL=C sort) | while read -r f; do
      printf '  File "%s"\n' "$book/${dir#./}/${f#./}"
    done
  done
  printf '%s\n' '!macroend' '!macro UninstallGuide'
  (cd "$book" && find . -type f | LC_ALL=C sort) | while read -r f; do
    printf '  Delete "$INSTDIR\\guide\\%s"\n' "$(winpath "${f#./}")"
  done
  (cd "$book" && find . -mindepth 1 -type d | LC_ALL=C sort -r) | while read -r dir; do
    printf '  RMDir "$INSTDIR\\guide\\%s"\n' "$(winpath "${dir#./}")"
  done
  printf '%s\n' '  RMDir "$INSTDIR\guide"' '!macroend'
} >"$guide"
out=$(pwd)/target/windows/jmjp-studio-$version-setup.exe
# makensis reads paths relative to the script's folder.
(cd packaging/windows && makensis -V2 -INPUTCHARSET UTF8 -DVERSION="$version" \
  -DBIN="$(pwd)/../../$bin" -DGUIDE="$guide" -DOUT="$out" installer.nsi)
echo "built $bin/jmjp-studio.exe, $bin/jmjp-studiow.exe and $out (with the guide, $(grep -c '^  File ' "$guide") files)"
