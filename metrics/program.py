"""How the command line speaks, shared by :mod:`metrics.cli` and the commands kept in their own modules
(:mod:`metrics.statistics.experiment_cli`): its name as called, its warning lines, its ``--trials`` type."""

from __future__ import annotations

import argparse
import os
import sys


def program_name() -> str:
    """How this command was called: ``rml`` (the installed console command) or ``python -m metrics``; every error,
    warning and note line starts with it, as argparse's usage errors do."""
    return "rml" if os.path.basename(sys.argv[0] or "") == "rml" else "python -m metrics"


def trials_argument(text: str):
    """``--trials``: a whole number of at least 1, or ``auto``."""
    if text == "auto":
        return text
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1 or auto, got {text!r}")
    return value


def warn_straddling(lines, err) -> None:
    """A warning line on stderr for each randomised p whose interval holds alpha (``measure: b − a: p = …``)."""
    for line in lines:
        err.write(f"{program_name()}: warning: {line}\n")


def note_left_out(dropped: dict, err, what: str = "left out, not in every run") -> None:
    """One note on stderr naming the queries not in every run (the first five, then how many more), if any."""
    if not dropped:
        return
    shown = "; ".join(f"{query} (not in {', '.join(runs)})" for query, runs in list(dropped.items())[:5])
    more = f"; … {len(dropped) - 5} more" if len(dropped) > 5 else ""
    queries = "query" if len(dropped) == 1 else "queries"
    err.write(f"{program_name()}: note: {len(dropped)} {queries} {what}: {shown}{more}\n")
