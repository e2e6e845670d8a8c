"""ui.data.qr: the SVG it writes is the QR code of the link, and a QR reader (ZBar) reads the link back."""

from __future__ import annotations

import re

import pytest
from PIL import Image
from pyzbar.pyzbar import decode

from ui.data.qr import QUIET_ZONE, qr_code, qr_svg
from ui.data.share import encode_board
from ui.model.board import Board

LONG_BOARD = Board.from_ranking(list(range(20)), items=[f"document-{i:03d}" for i in range(20)], k=10)
LINKS = [
    "http://localhost:8501/handout?b=1.abc",
    f"https://lab.example.org/ndcg?b={encode_board(LONG_BOARD)}&lang=zh",  # a long board, in 中文
]


def modules(svg: str) -> list[list[bool]]:
    """The dark modules the SVG draws (segno draws each row's runs as one path: M x y, h n, m dx dy)."""
    size = int(re.search(r'viewBox="0 0 (\d+) (\d+)"', svg).group(1))
    grid = [[False] * size for _ in range(size)]
    path = re.search(r'<path class="qrline"[^>]* d="([^"]+)"', svg).group(1)
    x = y = 0.0
    for command, numbers in re.findall(r"([MmHh])([-\d. ]+)", path):
        values = [float(v) for v in numbers.split()]
        if command == "M":
            x, y = values
        elif command == "m":
            x, y = x + values[0], y + values[1]
        else:
            length = values[0]
            for column in range(int(x), int(x + length)):
                grid[int(y)][column] = True
            x += length
    return grid


def image(grid: list[list[bool]], scale: int = 6) -> Image.Image:
    size = len(grid)
    picture = Image.new("L", (size, size), 255)
    picture.putdata([0 if dark else 255 for row in grid for dark in row])
    return picture.resize((size * scale, size * scale), Image.NEAREST)


@pytest.mark.parametrize("url", LINKS, ids=["short", "long-zh"])
def test_the_svg_is_the_links_qr_code_and_reads_back(url):
    svg = qr_svg(url)
    grid = modules(svg)
    code = qr_code(url)
    expected = [[bool(cell) for cell in row] for row in code.matrix_iter(border=QUIET_ZONE)]
    assert grid == expected
    assert [found.data.decode() for found in decode(image(grid))] == [url]


def test_the_svg_scales_and_has_a_quiet_zone():
    svg = qr_svg(LINKS[0])
    opening = svg.split(">", 1)[0]
    assert opening.startswith("<svg") and "viewBox" in opening and "width" not in opening
    grid = modules(svg)
    border = grid[:QUIET_ZONE] + grid[-QUIET_ZONE:] + [row[:QUIET_ZONE] + row[-QUIET_ZONE:] for row in grid]
    assert not any(any(row) for row in border)
    assert qr_code(LINKS[1]).error in ("M", "Q", "H")  # at least 15 % of the code may be lost
