"""A stream read once in chunks (an open file, stdin, a pipe, a device), within its limits, binary data refused:
what :func:`metrics.readers.sources.load_bytes` and the streaming reader (:mod:`metrics.readers.stream`) share.
"""

from __future__ import annotations

from ..errors import input_error
from ..limits import check_count

#: The first two bytes of a gzip member (RFC 1952).
GZIP_MAGIC = b"\x1f\x8b"


def refuse_binary(chunk: bytes, name: str, line: int) -> None:
    """A NUL byte: binary data (a device, a binary file), not text (``line``: the chunk's first line)."""
    if b"\0" in chunk:
        raise input_error("holds binary data (a NUL byte), not text", name,
                          line + chunk.count(b"\n", 0, chunk.find(b"\0")))


def read_chunks(handle, name: str, limit: int, max_lines: int | None = None, text_only: bool = True) -> bytes:
    """A stream's bytes (an open file, stdin, a pipe, a device), read once in chunks: at most ``limit``
    bytes and ``max_lines`` lines, both counted as it is read (an endless stream is refused at the limit,
    not held); a NUL byte in text stops the reading (gzip, told by its magic number, is left to
    :func:`~metrics.readers.sources.gunzip`; ``text_only=False``: an upload, whose reader names what is wrong
    with it)."""
    chunks, size, lines, gzipped = [], 0, 0, None
    while chunk := handle.read(min(1 << 20, limit + 1 - size)):
        if isinstance(chunk, str):
            chunk = chunk.encode("utf-8")
        if gzipped is None:
            gzipped = chunk[:2] == GZIP_MAGIC
        if not gzipped:
            if text_only:
                refuse_binary(chunk, name, lines + 1)
            lines += chunk.count(b"\n")
            if max_lines is not None:
                check_count(lines, max_lines, "lines", name)
        size += len(chunk)
        chunks.append(chunk)
        if size > limit:
            break
    return b"".join(chunks)
