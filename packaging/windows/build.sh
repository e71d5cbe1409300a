#!/bin/sh
# Builds the Windows program and its installer on Linux:
#   target/x86_64-pc-windows-gnu/release/jmjp-studio.exe and jmjp-studiow.exe (with their icon,
#   version information and manifest: build.rs), then
#   target/windows/jmjp-studio-VERSION-setup.exe (NSIS, 64-bit: packaging/windows/installer.nsi).
#
#   packaging/windows/build.sh
#
# Needs the Rust target (rustup target add x86_64-pc-windows-gnu), mingw (Debian's
# gcc-mingw-w64-x86-64: the linker and windres) and NSIS (Debian's nsis);
# packaging/windows/wine-check.sh installs them.
set -eu
cd "$(dirname "$0")/../.."
target=x86_64-pc-windows-gnu
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER="${CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER:-x86_64-w64-mingw32-gcc}"
# Without debugging symbols: the .exe is a third of the size.
CARGO_PROFILE_RELEASE_STRIP=symbols cargo build --release --locked --target "$target" --bins
bin=target/$target/release
mkdir -p target/windows
out=$(pwd)/target/windows/jmjp-studio-$version-setup.exe
# makensis reads paths relative to the script's folder.
(cd packaging/windows && makensis -V2 -INPUTCHARSET UTF8 -DVERSION="$version" \
  -DBIN="$(pwd)/../../$bin" -DOUT="$out" installer.nsi)
echo "built $bin/jmjp-studio.exe, $bin/jmjp-studiow.exe and $out"
