"""Runs the installed cwl-eval 1.0.12 on many cases in one process (its start-up is slow): reads a JSON list of
[directory, argv] from stdin, writes a JSON list of [stdout, stderr's last lines, exit status]. Each case runs
the ``cwl-eval`` script itself (runpy), as the command would, with the working directory set to the case's."""

import contextlib
import io
import json
import logging
import os
import runpy
import shutil
import sys
import traceback
import warnings

SCRIPT = shutil.which("cwl-eval")


def run(directory: str, argv: list[str]) -> list:
    out, err = io.StringIO(), io.StringIO()
    os.chdir(directory)
    sys.argv = ["cwl-eval", *argv]
    status = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            runpy.run_path(SCRIPT, run_name="__main__")
        except SystemExit as stop:
            status = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
        except Exception as error:  # noqa: BLE001 - the traceback's last lines, as Python prints them
            err.write("".join(traceback.format_exception_only(type(error), error)))
            status = 1
    for handler in logging.getLogger("cwl").handlers[:]:  # cwl-eval adds a cwl.log handler at every run
        handler.close()
        logging.getLogger("cwl").removeHandler(handler)
    return [out.getvalue(), err.getvalue(), status]


if __name__ == "__main__":
    cases = json.load(sys.stdin)
    json.dump([run(directory, argv) for directory, argv in cases], sys.stdout)
