#!/usr/bin/env python3
"""Draws the application icon of jmjp-studio: jmjp-studio.svg and PNGs at the usual sizes.

Run from anywhere: `python3 assets/icon/make_icon.py` (needs `rsvg-convert`, Debian's
librsvg2-bin, for the PNGs). The files are committed; this script is only needed to change them.

The icon is a mahjong tile standing on the green of the table, the red 中 (chun) on its face,
and below it the lines of a score sheet: the tile game, written down. Every shape is a
rectangle, so the icon has no text and reads the same at 16 pixels as at 512. The 256-pixel PNG
is the window's icon (src/app/mod.rs); the others go into the desktop's hicolor theme
(packaging/). `jmjp-studio.ico` packs the PNGs of 16 to 256 pixels for Windows: the `.exe`'s
icon and the `.jmjp` file type's (packaging/windows/).
"""

import struct
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
SIZES = [16, 24, 32, 48, 64, 128, 256, 512]
# A Windows icon holds images of at most 256 pixels.
ICO_SIZES = [16, 24, 32, 48, 64, 128, 256]

FELT = "#17613f"
FELT_EDGE = "#0f4a2f"
IVORY = "#fbf8ef"
TILE_EDGE = "#cfc6b0"
BACK = "#e2a12b"
RED = "#c8232c"
SHEET = "#d8eadf"


def rect(x, y, w, h, fill, rx=0, extra=""):
    return f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{rx}" fill="{fill}"{extra}/>'


def svg():
    parts = [
        # The table.
        rect(8, 8, 240, 240, FELT, rx=44, extra=f' stroke="{FELT_EDGE}" stroke-width="6"'),
        # The lines of the score sheet, under the tile.
        rect(52, 206, 152, 10, SHEET, rx=5),
        rect(52, 224, 104, 10, SHEET, rx=5),
        # The tile: its coloured back shows as its thickness, then its face.
        rect(66, 40, 124, 156, BACK, rx=18),
        rect(66, 30, 124, 156, IVORY, rx=18, extra=f' stroke="{TILE_EDGE}" stroke-width="4"'),
        # 中: a box and the stroke through it.
        f'<rect x="90" y="82" width="76" height="54" rx="6" fill="none" stroke="{RED}" stroke-width="15"/>',
        rect(120, 50, 16, 120, RED, rx=3),
    ]
    body = "\n  ".join(parts)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">\n'
        f"  <title>jmjp studio</title>\n  {body}\n</svg>\n"
    )


def main():
    source = HERE / "jmjp-studio.svg"
    source.write_text(svg(), encoding="utf-8")
    for size in SIZES:
        out = HERE / f"jmjp-studio-{size}.png"
        subprocess.run(
            ["rsvg-convert", "-w", str(size), "-h", str(size), "-o", str(out), str(source)],
            check=True,
        )
    write_ico()
    print(f"wrote {source.name}, {len(SIZES)} PNGs and jmjp-studio.ico in {HERE}")


def write_ico():
    """Packs the PNGs into jmjp-studio.ico: the ICONDIR header, one ICONDIRENTRY per image,
    then the PNG files themselves (Windows reads PNG images in an icon since Vista)."""
    images = [(size, (HERE / f"jmjp-studio-{size}.png").read_bytes()) for size in ICO_SIZES]
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, data = b"", b""
    for size, png in images:
        side = 0 if size == 256 else size  # 0 means 256 in the directory
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset + len(data))
        data += png
    (HERE / "jmjp-studio.ico").write_bytes(header + entries + data)


if __name__ == "__main__":
    main()
