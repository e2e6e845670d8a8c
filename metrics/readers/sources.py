"""Getting the bytes a reader parses, from a path, an open file or the content itself.

A source is an ``os.PathLike``, a ``str`` that names an existing file or is a single token
without whitespace or commas, an open binary file (anything with ``.read()``, e.g. a Streamlit
upload), or the content as ``bytes`` or ``str``.  :func:`load_bytes` refuses input larger than
:data:`MAX_BYTES` (or ``max_bytes=``), decompresses gzip (told by its magic number ``1f 8b``, whatever the
name: ``run.txt.gz``, gzip bytes, a gzip upload), refusing one whose *decompressed* size is over the limit
before holding more than the limit in memory (a gzip bomb), and drops a UTF-8 byte order mark (refusing a
second one); :func:`check_utf8` and
:func:`decode_utf8` name the line of the first invalid byte.  Problems raise
:class:`~metrics.errors.MetricsInputError` naming the source.
"""

from __future__ import annotations

import os
import stat
import zlib
from pathlib import Path

from ..errors import input_error
from ..messages import N_
from .chunks import GZIP_MAGIC, read_chunks

#: Largest input accepted by the readers, in bytes (256 MiB); override with ``max_bytes=``.
MAX_BYTES = 256 * 1024 * 1024


#: Output of one decompression step: the memory a gzip bomb costs beyond the limit.
GZIP_STEP = 4 * 1024 * 1024

#: The UTF-8 byte order mark: one at the start is dropped, a second is refused.
BOM = b"\xef\xbb\xbf"


def load_bytes(source, name: str | None, max_bytes: int | None, default_name: str,
               max_lines: int | None = None) -> tuple[bytes, str]:
    """The bytes of ``source`` (see the module docstring) and its name for messages: ``name``, else
    the file's name, else ``default_name``.  At most ``max_bytes`` (default :data:`MAX_BYTES`); a path that
    is a pipe or a device is read in chunks, text only, at most ``max_lines`` lines too, counted as it is read."""
    limit = MAX_BYTES if max_bytes is None else int(max_bytes)
    if isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
        name = name or default_name
    elif isinstance(source, str) and not _looks_like_path(source):
        data = source.encode("utf-8")
        name = name or default_name
    elif isinstance(source, (str, os.PathLike)):
        path = Path(source)
        name = name or path.name
        try:
            with open(path, "rb") as handle:
                if stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                    _check_size(os.fstat(handle.fileno()).st_size, limit, name)
                    data = handle.read()
                else:  # a pipe or a device (/dev/zero: st_size 0): read in chunks, text only
                    data = read_chunks(handle, name, limit, max_lines)
        except OSError as exc:
            raise input_error(N_("cannot read file: {reason}"), name, reason=exc.strerror or exc) from None
    elif hasattr(source, "read"):
        name = name or Path(str(getattr(source, "name", "") or default_name)).name
        data = read_chunks(source, name, limit, None, text_only=False)
    else:
        raise TypeError(f"expected a path, bytes, str or a binary file, got {type(source).__name__}")
    _check_size(len(data), limit, name)
    if data.startswith(GZIP_MAGIC):
        data = gunzip(data, limit, name)
    if data.startswith(BOM):
        data = data[3:]
        if data.startswith(BOM):  # trec_eval would keep it in the first id: refused, on every path
            raise input_error(N_("two byte order marks at the start; save the file as UTF-8 with at most one"), name, 1)
    return data, name


def gunzip(data: bytes, limit: int, name: str) -> bytes:
    """The content of gzip ``data`` (every member, like ``gzip -d``), at most ``limit`` bytes: decompressed
    in steps of :data:`GZIP_STEP` that never hold more than ``limit + 1`` bytes of output, so a small file
    that inflates to gigabytes is refused, not read.

    >>> import gzip
    >>> gunzip(gzip.compress(b"q1 0 d1 1\\n"), 100, "qrels.txt.gz")
    b'q1 0 d1 1\\n'
    """
    parts: list[bytes] = []
    total = 0
    pending = data
    try:
        while True:
            inflater = zlib.decompressobj(wbits=31)  # 31: a gzip header and trailer
            while True:
                piece = inflater.decompress(pending, min(limit + 1 - total, GZIP_STEP))
                total += len(piece)
                parts.append(piece)
                if total > limit:
                    raise input_error(N_("gzip file inflates to more than {limit_bytes} bytes (the limit on the "
                                         "decompressed size; MAX_BYTES, pass max_bytes= to change it); it is "
                                         "{size_bytes} bytes compressed"), name, limit_bytes=f"{limit:,}",
                                      size_bytes=f"{len(data):,}")
                if inflater.eof:
                    break
                pending = inflater.unconsumed_tail
                if not pending and len(piece) < GZIP_STEP:  # all input taken, and the member goes on
                    raise input_error(N_("truncated gzip file: it ends before its last member does"), name)
            pending = inflater.unused_data
            if not pending.startswith(GZIP_MAGIC):  # trailing zeros (tar padding) are ignored, like gzip -d
                if pending.strip(b"\0"):
                    raise input_error(N_("unexpected data after the end of the gzip file ({count} bytes)"), name,
                                      count=f"{len(pending):,}")
                break
    except zlib.error as error:
        raise input_error(N_("not a valid gzip file: {reason}"), name, reason=str(error)) from None
    return b"".join(parts)


def _looks_like_path(text: str) -> bool:
    """A str is a path if it names an existing file, or is one token that cannot be content
    (no whitespace, comma or newline; not JSON); otherwise it is the content itself."""
    if "\n" in text or len(text) > 4096:
        return False
    try:
        if os.path.isfile(text):
            return True
    except (OSError, ValueError):
        return False
    stripped = text.strip()
    return bool(stripped) and not any(c.isspace() or c == "," for c in stripped) \
        and stripped[0] not in "{["


def _fmt_size(n: int) -> str:
    if n >= 1024 * 1024:
        return f"{n / (1024 * 1024):.1f} MiB"
    return f"{n / 1024:.1f} KiB"


#: the message for a file over the limit, by whether the size and the limit are at least 1 KiB
_TOO_LARGE = {
    (True, True): N_("file is too large: {size} ({size_bytes} bytes), over the limit of {limit} ({limit_bytes} bytes) "
                     "(MAX_BYTES; pass max_bytes= to change it)"),
    (True, False): N_("file is too large: {size} ({size_bytes} bytes), over the limit of {limit_bytes} bytes "
                      "(MAX_BYTES; pass max_bytes= to change it)"),
    (False, False): N_("file is too large: {size_bytes} bytes, over the limit of {limit_bytes} bytes "
                       "(MAX_BYTES; pass max_bytes= to change it)"),
}


def _check_size(size: int, limit: int, name: str) -> None:
    if size > limit:
        raise input_error(_TOO_LARGE[size >= 1024, limit >= 1024], name, size=_fmt_size(size), size_bytes=f"{size:,}",
                          limit=_fmt_size(limit), limit_bytes=f"{limit:,}")


def check_utf8(data: bytes, name: str) -> None:
    """Raise :class:`~metrics.errors.MetricsInputError` naming the line and column of the first
    byte that is not UTF-8."""
    if data.isascii():
        return
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise input_error(N_("invalid UTF-8 (byte 0x{byte} at column {column}); save the file as UTF-8"), name, line,
                          byte=f"{data[exc.start]:02x}", column=column) from None


def decode_utf8(data: bytes, name: str) -> str:
    """``data`` as text, after :func:`check_utf8`."""
    check_utf8(data, name)
    return data.decode("utf-8")
