"""The distribution a practitioner installs (pyproject.toml): the wheel is built from this checkout, installed into
a fresh virtual environment in a temporary folder outside it, and used there -- ``import metrics``, ``rml
--version``, ``rml trec_eval`` giving the bytes ``python -m metrics trec_eval`` gives here, its errors said as
``rml: error:`` -- also from a folder whose own ``metrics.py`` would shadow the package for ``import metrics`` (the
console command is not affected).

Slow (a build and an install from the package registry): marked ``slow``; CI runs it.
"""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

from metrics import __version__

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
QRELS = REPO / "sample_data" / "trec" / "qrels.txt"
RUN = REPO / "sample_data" / "trec" / "run_a.txt"


def run(command: list, cwd: Path, timeout: float = 900) -> subprocess.CompletedProcess:
    done = subprocess.run([str(part) for part in command], cwd=cwd, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{command} exited {done.returncode}:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
    return done


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("wheel")
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check", "-w", folder, REPO],
        cwd=folder)
    (built,) = folder.glob("ranking_metrics_lab-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """The ``bin`` folder of a fresh virtual environment, outside the checkout, with the wheel installed."""
    venv = tmp_path_factory.mktemp("venv")
    run([sys.executable, "-m", "venv", venv], cwd=venv)
    run([venv / "bin" / "python", "-m", "pip", "install", "--disable-pip-version-check", "--quiet", wheel], cwd=venv)
    return venv / "bin"


def test_the_wheel_holds_the_library_only(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    packages = {name.split("/")[0] for name in names if not name.startswith("ranking_metrics_lab-")}
    assert packages == {"metrics"}
    assert "metrics/batch/trec_eval.py" in names
    (metadata,) = [name for name in names if name.endswith(".dist-info/METADATA")]
    fields = Parser().parsestr(zipfile.ZipFile(wheel).read(metadata).decode())
    assert fields["Version"] == __version__
    always = {re.split(r"[<>=!~;\[ ]", requirement)[0] for requirement in fields.get_all("Requires-Dist")
              if "extra ==" not in requirement}
    assert always == {"numpy", "pandas", "scipy"}
    assert {"app", "test"} <= set(fields.get_all("Provides-Extra"))
    entry_points = next(name for name in names if name.endswith("entry_points.txt"))
    assert "rml = metrics.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()


def test_installed_outside_the_checkout(installed, tmp_path):
    python = installed / "python"
    where = run([python, "-c", "import metrics; print(metrics.__file__)"], cwd=tmp_path).stdout.strip()
    assert Path(where).is_relative_to(installed.parent), where
    assert run([installed / "rml", "--version"], cwd=tmp_path).stdout == f"rml (Ranking Metrics Lab) {__version__}\n"
    here = run([sys.executable, "-m", "metrics", "trec_eval", "-q", "-m", "all_trec", QRELS, RUN], cwd=REPO).stdout
    there = run([installed / "rml", "trec_eval", "-q", "-m", "all_trec", QRELS, RUN], cwd=tmp_path).stdout
    assert there == here and "ndcg_cut_10" in there
    refused = subprocess.run([installed / "rml", "evaluate", "-m", "hits@5", QRELS, RUN], cwd=tmp_path,
                             capture_output=True, text=True)
    assert refused.returncode == 2 and refused.stderr.startswith("rml: error: bad measure 'hits@5'"), refused.stderr


def test_a_local_metrics_module_does_not_shadow_the_command(installed, tmp_path):
    (tmp_path / "metrics.py").write_text("raise SystemExit('the local metrics.py was imported')\n")
    done = run([installed / "rml", "evaluate", "-m", "nDCG@10", QRELS, RUN], cwd=tmp_path)
    assert "nDCG@10" in done.stdout
