"""The package layout: layers in folders, every public name and every old module path still works,
and the core never imports Streamlit or pandas where it should not."""

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

import metrics
from metrics._moved import MOVED

METRICS = Path(metrics.__file__).parent
CORE = {"__init__.py", "__main__.py", "_moved.py", "_validate.py", "_binary.py", "errors.py", "explanation.py",
        "notebook.py", "limits.py", "cli.py", "messages.py",  #: messages: the sentences every layer words
        "program.py",  #: program: the command line's name, warnings and --trials, below cli and the commands' modules
        "_lazy.py"}  #: _lazy: pandas on first use (the step tables' modules, imported by batch evaluation)
LAYERS = {"measures", "readers", "batch", "statistics", "teaching", "conventions"}


def test_the_top_level_holds_only_the_core_and_the_layers():
    modules = {p.name for p in METRICS.glob("*.py")}
    folders = {p.name for p in METRICS.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert modules <= CORE, f"put {sorted(modules - CORE)} in a layer"
    assert folders == LAYERS


@pytest.mark.parametrize("name", metrics.__all__)
def test_every_public_name_resolves(name):
    assert getattr(metrics, name) is not None


@pytest.mark.parametrize("old", sorted(MOVED))
def test_the_old_module_paths_import_the_same_module(old):
    module = importlib.import_module(f"metrics.{old}")
    assert module is importlib.import_module(f"metrics.{MOVED[old]}")
    assert getattr(metrics, old) is module


def test_an_unknown_module_is_still_an_import_error():
    with pytest.raises(ImportError):
        importlib.import_module("metrics.no_such_module")


def test_the_metrics_package_imports_no_streamlit_and_batch_evaluation_no_pandas():
    code = ("import sys, pkgutil, importlib, metrics\n"
            "from metrics.batch import evaluate\n"
            "from metrics.readers.trec import read_run_columns\n"
            "assert 'pandas' not in sys.modules, 'batch evaluation imported pandas'\n"
            "for info in pkgutil.walk_packages(metrics.__path__, 'metrics.'):\n"
            "    importlib.import_module(info.name)\n"
            "assert 'streamlit' not in sys.modules, 'metrics imported streamlit'\n")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=METRICS.parent)
