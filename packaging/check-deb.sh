#!/bin/sh
# Builds the Debian package, checks what is in it, installs it on this machine, uses it as a
# desktop would (PATH, --version, the MIME type of a .jmjp, its default application, a
# double-click under Xvfb with a screenshot), removes it and checks that nothing is left.
#
#   packaging/check-deb.sh            # as root (it installs and removes a package)
#
# It installs what it needs from Debian (desktop-file-utils, xdg-utils, shared-mime-info,
# libfile-mimeinfo-perl, Xvfb, xdotool, x11-utils, ImageMagick) and cargo-deb from crates.io when missing.
# Everything it makes is in target/check-deb/; the screenshot is target/check-deb/shot.png.
set -eu
cd "$(dirname "$0")/.."
root=$(pwd)
work=$root/target/check-deb
rm -rf "$work"
mkdir -p "$work/home"

. "$root/packaging/lib.sh"

[ "$(id -u)" = 0 ] || fail "run as root: the check installs and removes the package"

step "tools"
need=""
for pair in desktop-file-validate:desktop-file-utils xdg-mime:xdg-utils update-mime-database:shared-mime-info \
  mimetype:libfile-mimeinfo-perl Xvfb:xvfb xdotool:xdotool xprop:x11-utils import:imagemagick dpkg-shlibdeps:dpkg-dev; do
  command -v "${pair%%:*}" >/dev/null 2>&1 || need="$need ${pair#*:}"
done
if [ -n "$need" ]; then
  echo "installing:$need"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q $need >"$work/apt-tools.log" 2>&1 ||
    fail "could not install$need (see $work/apt-tools.log)"
fi
command -v cargo-deb >/dev/null 2>&1 || cargo install -q --locked cargo-deb ||
  fail "could not install cargo-deb from crates.io"
ok "desktop-file-utils, xdg-utils, shared-mime-info, Xvfb, xdotool, ImageMagick, cargo-deb"

step "build the package"
if dpkg -s jmjp-studio >/dev/null 2>&1; then
  echo "jmjp-studio is installed from an earlier run: removing it first"
  apt-get purge -y -q jmjp-studio >/dev/null
fi
[ ! -e /usr/bin/jmjp-studio ] || fail "/usr/bin/jmjp-studio exists and belongs to no package"
# The user guide goes into the package as mdBook builds it (.ci/run installs mdBook).
if [ ! -f docs/book/index.html ]; then
  mdbook build docs >"$work/mdbook.log" 2>&1 || { cat "$work/mdbook.log"; fail "mdbook build docs (the guide)"; }
fi
cargo deb --output "$work/" >"$work/cargo-deb.log" 2>&1 || { cat "$work/cargo-deb.log"; fail "cargo deb"; }
deb=$(ls "$work"/jmjp-studio_*.deb)
ok "$(basename "$deb") ($(du -k "$deb" | cut -f1) KiB)"

step "what is in it"
dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./|/|' | grep -v '/$' | sort >"$work/files"
cat "$work/files"
for f in /usr/bin/jmjp-studio /usr/share/applications/jmjp-studio.desktop \
  /usr/share/mime/packages/jmjp-studio.xml /usr/share/icons/hicolor/scalable/apps/jmjp-studio.svg \
  /usr/share/doc/jmjp-studio/copyright /usr/share/doc/jmjp-studio/OFL-M+1.txt \
  /usr/share/doc/jmjp-studio/README.md; do
  grep -qx "$f" "$work/files" || fail "$f is not in the package"
done
guide=/usr/share/doc/jmjp-studio/guide
for page in index app recording correcting forms double-entry on-air video install; do
  grep -qx "$guide/$page.html" "$work/files" || fail "the guide's $page.html is not in the package"
done
chapters=$(grep -c "^$guide/.*\.html$" "$work/files")
built=$(find docs/book -name '*.html' | wc -l)
[ "$chapters" -eq "$built" ] || fail "the guide in the package has $chapters pages of $built"
for s in 16 24 32 48 64 128 256 512; do
  grep -qx "/usr/share/icons/hicolor/${s}x$s/apps/jmjp-studio.png" "$work/files" || fail "no ${s}px icon"
done
dpkg-deb -f "$deb" Depends | grep -q 'libc6' || fail "the dependencies were not worked out"
grep -q 'MIT License' "$root/LICENSE" && dpkg-deb --fsys-tarfile "$deb" |
  tar -xOf - ./usr/share/doc/jmjp-studio/copyright | grep -q 'MIT License' || fail "the licence is not in copyright"
ok "binary, desktop entry, MIME definition, icons (scalable and 8 sizes), README, licences, the guide ($chapters pages)"
echo "Depends: $(dpkg-deb -f "$deb" Depends)"

step "the desktop entry"
desktop-file-validate "$root/packaging/jmjp-studio.desktop" || fail "desktop-file-validate"
ok "desktop-file-validate passes"

step "install"
DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$deb" >"$work/apt-install.log" 2>&1 ||
  { tail -20 "$work/apt-install.log"; fail "apt install"; }
[ "$(command -v jmjp-studio)" = /usr/bin/jmjp-studio ] || fail "which jmjp-studio: $(command -v jmjp-studio || echo none)"
ok "which jmjp-studio: /usr/bin/jmjp-studio"
version=$(jmjp-studio --version)
[ "$version" = "jmjp-studio $(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)" ] || fail "--version: $version"
ok "jmjp-studio --version: $version"

step "the file type and its application"
sample=$work/sample.jmjp
jmjp-studio convert "$root/../shared/corpus/tenhou6/pantheon_west.json" "$sample" >/dev/null 2>&1 ||
  jmjp-studio convert "$root/tests/fixtures/canonical/readme_sample.jmjp" "$sample" >/dev/null ||
  fail "the installed program could not write a sample file"
export XDG_DATA_DIRS=/usr/local/share:/usr/share HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config"
type=$(xdg-mime query filetype "$sample")
[ "$type" = application/x-jmjp ] || fail "xdg-mime query filetype sample.jmjp: $type"
ok "xdg-mime query filetype sample.jmjp: $type"
cp "$sample" "$work/no-extension"
type=$(xdg-mime query filetype "$work/no-extension")
[ "$type" = application/x-jmjp ] || fail "by its content: $type"
ok "a file with no extension that starts with jmjp[: $type"
default=$(xdg-mime query default application/x-jmjp)
[ "$default" = jmjp-studio.desktop ] || fail "xdg-mime query default application/x-jmjp: $default"
ok "xdg-mime query default application/x-jmjp: $default"

step "double-click: xdg-open sample.jmjp under Xvfb"
display=:97
start_xvfb $display
DISPLAY=$display LANG=ja_JP.UTF-8 xdg-open "$sample" >"$work/app.log" 2>&1 &
if ! DISPLAY=$display timeout 30 xdotool search --sync --name "sample.jmjp" >"$work/window"; then
  cat "$work/app.log"
  fail "no window named sample.jmjp appeared"
fi
sleep 2
DISPLAY=$display import -window root "$work/shot.png"
pid=$(pgrep -n -x jmjp-studio || true)
[ -n "$pid" ] || fail "the program is not running"
[ "$(readlink "/proc/$pid/exe")" = /usr/bin/jmjp-studio ] || fail "the window is not the installed program's"
# The property's first two numbers are the icon's width and height.
icon=$(DISPLAY=$display xprop -id "$(head -1 "$work/window")" -f _NET_WM_ICON 32c '=$0,$1\n' _NET_WM_ICON)
[ "$icon" = "_NET_WM_ICON(CARDINAL)=256,256" ] || fail "the window has no 256-pixel icon: $icon"
ok "the window's icon (_NET_WM_ICON): 256 x 256"
colours=$(convert "$work/shot.png" -format %k info:)
[ "$colours" -gt 50 ] || fail "the screenshot is nearly blank ($colours colours)"
ok "window '$(DISPLAY=$display xdotool getwindowname "$(head -1 "$work/window")")' of /usr/bin/jmjp-studio; screenshot $work/shot.png ($colours colours)"

step "F1 opens the installed guide at the screen's chapter"
# The browser is a handler of text/html that writes down what it was given (xdg-open, on a
# desktop it does not know, opens a file address with the handler of its type).
printf '#!/bin/sh\necho "$1" >>"%s"\n' "$work/urls" >"$work/record-url"
chmod 755 "$work/record-url"
mkdir -p "$HOME/.local/share/applications"
printf '[Desktop Entry]\nType=Application\nName=Record URL\nExec=%s %%u\nMimeType=text/html;\n' "$work/record-url" \
  >"$HOME/.local/share/applications/record-url.desktop"
xdg-mime default record-url.desktop text/html
DISPLAY=$display xdotool windowfocus --sync "$(head -1 "$work/window")" key F1 || fail "xdotool key F1"
for _ in 1 2 3 4 5 6 7 8 9 10; do [ -s "$work/urls" ] && break; sleep 1; done
[ -s "$work/urls" ] || fail "F1 opened nothing (see $work/app.log)"
grep -q "$guide/correcting.html" "$work/urls" || fail "F1 on the editor opened $(cat "$work/urls"), not $guide/correcting.html"
ok "F1 on the editor opened $(head -1 "$work/urls")"
kill "$pid"
sleep 1

step "remove"
DEBIAN_FRONTEND=noninteractive apt-get purge -y -q jmjp-studio >"$work/apt-remove.log" 2>&1 || fail "apt purge"
left=""
while read -r f; do [ -e "$f" ] && left="$left $f"; done <"$work/files"
[ -z "$left" ] || fail "left behind:$left"
hash -r
! command -v jmjp-studio >/dev/null 2>&1 || fail "jmjp-studio is still on the PATH"
type=$(xdg-mime query filetype "$sample")
[ "$type" != application/x-jmjp ] || fail "the MIME type is still known"
default=$(xdg-mime query default application/x-jmjp || true)
[ -z "$default" ] || fail "still the default application: $default"
ok "every file removed; not on the PATH; sample.jmjp is $type again; no default application"
printf '\nall checks passed\n'
