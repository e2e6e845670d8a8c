"""The documentation site (docs/mkdocs.yml, pages in docs/src/) builds with MkDocs in strict mode — no warning: no
broken link or anchor, no page left out of the navigation, no docstring mkdocstrings cannot read — the API reference
covers every public name of ``metrics``, and the README stays the short front page whose pictures and links exist.
The pages' Python examples run as doctests (pytest.ini)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import metrics

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def test_the_site_builds_with_no_warning(tmp_path):
    pytest.importorskip("mkdocs", reason="MkDocs is not installed (pip install '.[test]')")
    site = tmp_path / "site"
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(DOCS / "mkdocs.yml"), "-d", str(site)],
        cwd=tmp_path, capture_output=True, text=True, timeout=600, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    warnings = [line for line in result.stderr.splitlines() if line.startswith(("WARNING", "ERROR"))]
    assert result.returncode == 0 and not warnings, result.stderr[-4000:]
    reference = (site / "reference" / "index.html").read_text(encoding="utf-8")
    absent = [f"metrics.{module}.{name}" for module, names in metrics._EXPORTS.items() for name in names
              if f'id="metrics.{module}.{name}"' not in reference]
    assert not absent, f"not in the built API reference: {absent}"


def test_the_api_reference_names_every_public_name():
    page = (DOCS / "src" / "reference.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^ {8}- (\w+)$", page, flags=re.MULTILINE))
    assert not set(metrics.__all__) - listed, f"add to docs/src/reference.md: {sorted(set(metrics.__all__) - listed)}"


def test_the_readme_is_the_short_front_page():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) < 200
    assert "bash scripts/run_app.sh" in readme and "bash scripts/test.sh" in readme
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", readme)
    local = [target for target in targets if not re.match(r"[a-z]+://", target)]
    assert any(target.endswith(".png") for target in local) and any(target.startswith("docs/src/") for target in local)
    missing = [target for target in local if not (ROOT / target).exists()]
    assert not missing, f"README.md links to files that do not exist: {missing}"
    pictures = sorted((DOCS / "src" / "img").glob("*.png"))
    assert sum(picture.stat().st_size for picture in pictures) < 1_500_000
