#!/usr/bin/env python3
"""Renders a terminal capture (`tmux capture-pane -e -p`) to a PNG, cell by cell.

Usage: ansi_to_png.py CAPTURE.txt OUT.png COLUMNS ROWS

Only the SGR sequences tmux emits are read: colours (16, 256 and RGB), bold, dim, underline and reverse. Wide
characters take two cells, as they do in the terminal. Needs Pillow, DejaVu Sans Mono and, for CJK, WenQuanYi Micro
Hei (Debian: fonts-dejavu-core, fonts-wqy-microhei).
"""
import re
import sys
import unicodedata

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = "/usr/share/fonts/truetype"
SIZE = 16
REGULAR = ImageFont.truetype(f"{FONT_DIR}/dejavu/DejaVuSansMono.ttf", SIZE)
BOLD = ImageFont.truetype(f"{FONT_DIR}/dejavu/DejaVuSansMono-Bold.ttf", SIZE)
WIDE = ImageFont.truetype(f"{FONT_DIR}/wqy/wqy-microhei.ttc", SIZE)
CELL_W = round(REGULAR.getlength("M"))
CELL_H = SIZE + 5
PAD = 12

DEFAULT_FG = (212, 212, 212)
DEFAULT_BG = (30, 30, 30)
BASIC = [
    (30, 30, 30), (205, 49, 49), (13, 188, 121), (229, 229, 16),
    (36, 114, 200), (188, 63, 188), (17, 168, 205), (229, 229, 229),
    (102, 102, 102), (241, 76, 76), (35, 209, 139), (245, 245, 67),
    (59, 142, 234), (214, 112, 214), (41, 184, 219), (255, 255, 255),
]


def palette(index):
    if index < 16:
        return BASIC[index]
    if index < 232:
        index -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return (steps[index // 36], steps[(index // 6) % 6], steps[index % 6])
    level = 8 + (index - 232) * 10
    return (level, level, level)


class Style:
    def __init__(self):
        self.reset()

    def reset(self):
        self.fg = None
        self.bg = None
        self.bold = self.dim = self.underline = self.reverse = False

    def apply(self, codes):
        codes = codes or [0]
        i = 0
        while i < len(codes):
            code = codes[i]
            if code == 0:
                self.reset()
            elif code == 1:
                self.bold = True
            elif code == 2:
                self.dim = True
            elif code == 4:
                self.underline = True
            elif code == 7:
                self.reverse = True
            elif code == 22:
                self.bold = self.dim = False
            elif code == 24:
                self.underline = False
            elif code == 27:
                self.reverse = False
            elif 30 <= code <= 37:
                self.fg = BASIC[code - 30]
            elif 90 <= code <= 97:
                self.fg = BASIC[code - 90 + 8]
            elif 40 <= code <= 47:
                self.bg = BASIC[code - 40]
            elif 100 <= code <= 107:
                self.bg = BASIC[code - 100 + 8]
            elif code == 39:
                self.fg = None
            elif code == 49:
                self.bg = None
            elif code in (38, 48) and i + 1 < len(codes):
                if codes[i + 1] == 5 and i + 2 < len(codes):
                    colour = palette(codes[i + 2])
                    i += 2
                elif codes[i + 1] == 2 and i + 4 < len(codes):
                    colour = tuple(codes[i + 2:i + 5])
                    i += 4
                else:
                    colour = None
                if code == 38:
                    self.fg = colour
                else:
                    self.bg = colour
            i += 1

    def colours(self):
        fg = self.fg or DEFAULT_FG
        bg = self.bg or DEFAULT_BG
        if self.reverse:
            fg, bg = bg, fg
        if self.dim:
            fg = tuple((c + b) // 2 for c, b in zip(fg, bg))
        return fg, bg


def width(char):
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def render(text, columns, rows):
    image = Image.new("RGB", (columns * CELL_W + 2 * PAD, rows * CELL_H + 2 * PAD), DEFAULT_BG)
    draw = ImageDraw.Draw(image)
    sgr = re.compile(r"\x1b\[([0-9;]*)m")
    # tmux does not repeat the attributes in effect at the start of a line, so they carry over from the last one.
    style = Style()
    for y, line in enumerate(text.split("\n")[:rows]):
        x = 0
        position = 0
        while position < len(line) and x < columns:
            match = sgr.match(line, position)
            if match:
                style.apply([int(c) for c in match.group(1).split(";") if c])
                position = match.end()
                continue
            char = line[position]
            position += 1
            cells = width(char)
            fg, bg = style.colours()
            left, top = PAD + x * CELL_W, PAD + y * CELL_H
            draw.rectangle([left, top, left + cells * CELL_W - 1, top + CELL_H - 1], fill=bg)
            if char != " ":
                font = WIDE if cells == 2 else (BOLD if style.bold else REGULAR)
                draw.text((left, top + 2), char, font=font, fill=fg)
            if style.underline:
                draw.line([left, top + CELL_H - 3, left + cells * CELL_W - 1, top + CELL_H - 3], fill=fg)
            x += cells
    return image


if __name__ == "__main__":
    capture, output, columns, rows = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    with open(capture, encoding="utf-8") as handle:
        render(handle.read(), columns, rows).save(output, optimize=True)
