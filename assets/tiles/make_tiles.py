#!/usr/bin/env python3
"""Draws the tile faces of jmjp-studio as SVG files in this folder.

Run from anywhere: `python3 assets/tiles/make_tiles.py` (needs `pip install fonttools`).

Every character on a face (kanji numerals, 萬, the winds, 發, 中, the ? of the unknown tile) is
taken from the embedded M+ 1 font (assets/fonts, OFL) and written as a path, so the faces contain
no text and look the same on a machine with no fonts installed. The files are committed; this
script is only needed to change them.
"""

from pathlib import Path

from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTFont

HERE = Path(__file__).resolve().parent
FONT = TTFont(HERE.parent / "fonts" / "Mplus1-Regular.otf")
GLYPHS = FONT.getGlyphSet()
CMAP = FONT.getBestCmap()

W, H = 60, 80
IVORY = "#fbf8ef"
EDGE = "#9a9384"
BLACK = "#1d1d1f"
RED = "#d0192b"
GREEN = "#14804a"
BLUE = "#1f4fa8"


def glyph(ch, cx, cy, size, color, bold=1.4):
    """A character as a path centred on (cx, cy), `size` high (its ink box fits in size x size)."""
    name = CMAP[ord(ch)]
    g = GLYPHS[name]
    bp = BoundsPen(GLYPHS)
    g.draw(bp)
    x0, y0, x1, y1 = bp.bounds
    w, h = x1 - x0, y1 - y0
    s = size / max(w, h)
    # Font units are y-up; SVG is y-down.
    dx = cx - (x0 + w / 2) * s
    dy = cy + (y0 + h / 2) * s
    pen = SVGPathPen(GLYPHS, ntos=lambda v: f"{v:.2f}".rstrip("0").rstrip("."))
    g.draw(TransformPen(pen, (s, 0, 0, -s, dx, dy)))
    return (
        f'<path d="{pen.getCommands()}" fill="{color}" stroke="{color}" '
        f'stroke-width="{bold}" stroke-linejoin="round"/>'
    )


def face(body, border=EDGE, fill=IVORY, extra=""):
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}">'
        f'<rect x="1.5" y="1.5" width="{W - 3}" height="{H - 3}" rx="6" fill="{fill}" '
        f'stroke="{border}" stroke-width="3"/>{extra}{body}</svg>\n'
    )


NUMERALS = "一二三四五六七八九"


def manzu(n, red=False):
    num = RED if red else BLACK
    body = glyph(NUMERALS[n - 1], 30, 23, 24 if n != 1 else 26, num) + glyph("萬", 30, 56, 30, RED)
    return face(body, border=RED if red else EDGE)


# Pin circle positions (x, y, colour) on the 60x80 face.
def circle(x, y, r, color):
    return (
        f'<circle cx="{x}" cy="{y}" r="{r}" fill="none" stroke="{color}" stroke-width="{r * 0.38:.2f}"/>'
        f'<circle cx="{x}" cy="{y}" r="{r * 0.3:.2f}" fill="{color}"/>'
    )


PIN = {
    1: [(30, 40, 17, RED)],
    2: [(30, 22, 11, GREEN), (30, 58, 11, BLUE)],
    3: [(15, 17, 9, BLUE), (30, 40, 9, RED), (45, 63, 9, GREEN)],
    4: [(17, 22, 10, BLUE), (43, 22, 10, GREEN), (17, 58, 10, GREEN), (43, 58, 10, BLUE)],
    5: [(16, 18, 9, BLUE), (44, 18, 9, GREEN), (30, 40, 9, RED), (16, 62, 9, GREEN), (44, 62, 9, BLUE)],
    6: [(18, 15, 8, GREEN), (42, 15, 8, GREEN)] + [(x, y, 8, RED) for y in (41, 63) for x in (18, 42)],
    7: [(14, 12, 6.5, GREEN), (30, 20, 6.5, GREEN), (46, 28, 6.5, GREEN)]
    + [(x, y, 7, RED) for y in (48, 66) for x in (19, 41)],
    8: [(x, y, 7, BLUE) for y in (13, 31, 49, 67) for x in (19, 41)],
    9: [(x, y, 7.5, c) for y, c in ((15, BLUE), (40, RED), (65, GREEN)) for x in (13, 30, 47)],
}


def pinzu(n, red=False):
    body = "".join(circle(x, y, r, RED if red else c) for x, y, r, c in PIN[n])
    return face(body, border=RED if red else EDGE)


def stick(x, y, color, h=20):
    """One bamboo stick centred at (x, y)."""
    w = 5.5
    top = y - h / 2
    return (
        f'<rect x="{x - w / 2}" y="{top}" width="{w}" height="{h}" rx="2.5" fill="{color}"/>'
        f'<rect x="{x - w / 2 - 0.8}" y="{y - 1}" width="{w + 1.6}" height="2" rx="1" fill="{color}"/>'
        f'<line x1="{x}" y1="{top + 2.5}" x2="{x}" y2="{top + h - 2.5}" stroke="{IVORY}" stroke-width="1.1"/>'
    )


SOU = {
    2: [(30, 22, GREEN), (30, 58, GREEN)],
    3: [(30, 22, GREEN), (18, 58, GREEN), (42, 58, GREEN)],
    4: [(x, y, GREEN) for y in (22, 58) for x in (18, 42)],
    5: [(x, y, GREEN) for y in (22, 58) for x in (14, 46)] + [(30, 40, RED)],
    6: [(x, y, GREEN) for y in (22, 58) for x in (14, 30, 46)],
    7: [(30, 15, RED)] + [(x, y, GREEN) for y in (40, 65) for x in (14, 30, 46)],
    8: [(x, 22, GREEN) for x in (12, 24, 36, 48)] + [(x, 58, GREEN) for x in (12, 24, 36, 48)],
    9: [(x, y, RED if x == 30 else GREEN) for y in (15, 40, 65) for x in (14, 30, 46)],
}


def souzu(n, red=False):
    if n == 1:
        # The one of bamboo: a peacock-like bird, drawn as a large green body with a red crest.
        body = (
            f'<ellipse cx="30" cy="46" rx="14" ry="18" fill="{GREEN}"/>'
            f'<circle cx="30" cy="22" r="8" fill="{GREEN}"/>'
            f'<path d="M26 15 L30 6 L34 15 Z" fill="{RED}"/>'
            f'<circle cx="32.5" cy="21" r="1.8" fill="{IVORY}"/>'
            f'<path d="M22 60 L30 72 L38 60 Z" fill="{BLUE}"/>'
            f'<path d="M30 34 L30 62" stroke="{IVORY}" stroke-width="1.5"/>'
        )
        return face(body)
    h = 17 if n in (7, 9) else 22
    body = "".join(stick(x, y, RED if red else c, h) for x, y, c in SOU[n])
    return face(body, border=RED if red else EDGE)


def honour(ch, color):
    return face(glyph(ch, 30, 40, 38, color, bold=1.8))


def white_dragon():
    return face(
        f'<rect x="14" y="16" width="32" height="48" rx="2" fill="none" stroke="{BLUE}" stroke-width="4"/>'
        f'<rect x="20" y="22" width="20" height="36" rx="1" fill="none" stroke="{BLUE}" stroke-width="1.5"/>'
    )


def unknown():
    return face(glyph("?", 30, 40, 34, "#6b6b6b", bold=1.2), fill="#e9e6dc")


def back():
    return face(
        '<rect x="8" y="8" width="44" height="64" rx="4" fill="#f2b33d" stroke="#c98a16" stroke-width="2"/>',
        fill="#f7d27a",
        border="#c98a16",
    )


def main():
    files = {}
    for n in range(1, 10):
        files[f"{n}m"] = manzu(n)
        files[f"{n}p"] = pinzu(n)
        files[f"{n}s"] = souzu(n)
    files["0m"] = manzu(5, red=True)
    files["0p"] = pinzu(5, red=True)
    files["0s"] = souzu(5, red=True)
    for code, ch in (("ew", "東"), ("sw", "南"), ("ww", "西"), ("nw", "北")):
        files[code] = honour(ch, BLACK)
    files["wd"] = white_dragon()
    files["gd"] = honour("發", GREEN)
    files["rd"] = honour("中", RED)
    files["uk"] = unknown()
    files["back"] = back()
    for code, svg in files.items():
        (HERE / f"{code}.svg").write_text(svg, encoding="utf-8")
    print(f"wrote {len(files)} tile faces to {HERE}")


if __name__ == "__main__":
    main()
