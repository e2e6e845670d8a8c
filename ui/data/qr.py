"""QR codes of links, as SVG (segno: pure Python, no Streamlit here)."""

from __future__ import annotations

import functools
import io

import segno

#: error correction: "m" survives about 15 % damage (a projector's glare, a shaky phone); segno raises
#: it further when that fits in the same symbol size
ERROR_CORRECTION = "m"
QUIET_ZONE = 4  #: modules of light border around the code, as the QR standard asks


def qr_code(url: str) -> segno.QRCode:
    """The QR code of ``url`` (a regular QR code, never a Micro QR, which phones do not read)."""
    return segno.make(url, error=ERROR_CORRECTION, micro=False)


@functools.lru_cache(maxsize=64)  # about 40 ms for a 20-item board's link: once per link, not once per key press
def qr_svg(url: str) -> str:
    """``url`` as a black-on-white QR code in a standalone SVG document (with a viewBox and no fixed
    size: it scales to the width it is given).

    >>> svg = qr_svg("https://example.org/?b=1.abc")
    >>> svg.startswith("<svg") and 'viewBox="0 0 ' in svg and "width=" not in svg.split(">")[0]
    True
    """
    out = io.BytesIO()
    qr_code(url).save(out, kind="svg", xmldecl=False, svgns=True, omitsize=True, border=QUIET_ZONE,
                      dark="#000", light="#fff", title=None, desc=None)
    return out.getvalue().decode("ascii")
