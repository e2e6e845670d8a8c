"""The real trec_eval binaries, built from the sources in the shared conformance folder.

``shared/conformance/trec_eval_src/trec_eval-v<version>.tar.gz`` (9.0.7 = pytrec_eval's base, 9.0.8,
10.0) are extracted and built with ``make`` into ``artifacts/trec_eval_bin/<version>`` (ignored by git,
reused when the binary is already there).  The shared folder is looked for beside the repository
(``<repo>/../shared``), in the environment variable ``RML_SHARED`` and at ``/work/shared``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tarfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
VERSIONS = ("9.0.7", "9.0.8", "10.0")
CACHE = REPO / "artifacts" / "trec_eval_bin"


def shared_folder(*parts: str) -> Path:
    """``shared/<parts>``: the first of ``$RML_SHARED``, ``<repo>/../shared``, ``<repo>/../../shared``
    (a worktree) and ``/work/shared`` where it exists (the first candidate when none does)."""
    candidates = [os.environ.get("RML_SHARED"), REPO.parent / "shared", REPO.parents[1] / "shared", "/work/shared"]
    paths = [Path(candidate, *parts) for candidate in candidates if candidate]
    return next((path for path in paths if path.exists()), paths[0])


def source_archive(version: str) -> Path | None:
    archive = shared_folder("conformance", "trec_eval_src", f"trec_eval-v{version}.tar.gz")
    return archive if archive.is_file() else None


def why_not_buildable(version: str) -> str | None:
    """Why ``version`` cannot be built here (None when it can)."""
    if source_archive(version) is None:
        return (f"trec_eval {version} sources not found (looked for conformance/trec_eval_src/"
                f"trec_eval-v{version}.tar.gz in $RML_SHARED, {REPO.parent / 'shared'} and /work/shared)")
    if not (shutil.which("cc") or shutil.which("gcc")):
        return "no C compiler (cc or gcc) to build trec_eval"
    if not shutil.which("make"):
        return "no make to build trec_eval"
    return None


def build(version: str, cache: Path = CACHE) -> Path:
    """The path of the built ``trec_eval`` binary of ``version`` (built once, then reused)."""
    target = cache / version
    binary = target / "trec_eval"
    if binary.is_file() and os.access(binary, os.X_OK):
        return binary
    reason = why_not_buildable(version)
    if reason:
        raise RuntimeError(reason)
    work = cache / f".{version}.{os.getpid()}"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    with tarfile.open(source_archive(version)) as archive:
        archive.extractall(work, filter="data")
    top = [p for p in work.iterdir() if p.is_dir()]
    src = top[0] if len(top) == 1 and not (work / "Makefile").exists() else work
    compiler = shutil.which("cc") or shutil.which("gcc")
    subprocess.run(["make", "-s", f"CC={compiler}"], cwd=src, check=True, capture_output=True, timeout=600)
    built = src / "trec_eval"
    target.mkdir(parents=True, exist_ok=True)
    staged = target / f".trec_eval.{os.getpid()}"  # per process: parallel test workers may build at once
    shutil.copy2(built, staged)
    os.replace(staged, binary)
    shutil.rmtree(work, ignore_errors=True)
    return binary


# -- the differential comparison -----------------------------------------------------------------

#: every measure form the differential test draws from (name, parameter strings to pick from)
MEASURE_FORMS = {
    "runid": [""], "num_q": [""], "num_ret": [""], "num_rel": [""], "num_rel_ret": [""], "map": [""],
    "gm_map": [""], "Rprec": [""], "bpref": [""], "recip_rank": [""],
    "iprec_at_recall": ["", ".0,.5,1", ".10,.20", ".25", "0.33,0.66"],
    "P": ["", ".5,10", ".1", ".3,2", ".20"], "relstring": ["", ".5", ".3"],
    "recall": ["", ".5,10", ".2"], "infAP": [""], "gm_bpref": [""],
    "Rprec_mult": ["", ".0.5,1.5", ".2.0", ".0.2"],
    "utility": ["", ".1,-1,0,0", ".2,-1,1,0", ".1,0,-1,0.5", ".0,0,1,0"],
    "11pt_avg": ["", ".0.5,0.1", ".1.0,0.0,0.5", ".0.25"],
    "binG": [""], "G": ["", ".1=2,2=5", ".0=1", ".1=2.5", ".1=-1,2=3"],
    "ndcg": ["", ".1=2.5", ".1=3,2=9", ".0=1,1=2", ".2=0.5", ".1=-1", ".1=1.4,2=2"],
    "ndcg_rel": ["", ".1=2,2=4", ".1=-2", ".0=1"], "Rndcg": ["", ".1=2,2=4", ".1=-2", ".2=1.5"],
    "ndcg_cut": ["", ".5,10", ".1,3", ".2"], "map_cut": ["", ".5,10", ".1,3"],
    "relative_P": ["", ".5,10", ".2"], "success": ["", ".1,5,10", ".2,3"],
    "set_P": [""], "set_relative_P": [""], "set_recall": [""], "set_map": [""],
    "set_F": ["", ".0.5", ".2", ".1.5", ".0.25"], "num_nonrel_judged_ret": [""],
    "yaap": [""], "official": [""], "all_trec": [""], "set": [""],
}
#: measures only some versions know, with their parameter forms
VERSION_MEASURES = {"rbp": (("10.0",), ["", ".p=0.5", ".p=0.8,1=2", ".2=-1"]),
                    "rbp_resid": (("10.0",), ["", ".p=0.95"]), "unj": (("10.0",), ["", ".5,10", ".1,3"])}


def random_case(rng, version: str = "9.0.7") -> tuple[str, str, list[str]]:
    """A random (qrels text, run text, flags): graded and negative judgments, ties, duplicates,
    queries missing on either side, queries judged only -1 or only non-relevant."""
    n_queries = rng.randint(1, 5)
    queries = [str(rng.choice([1, 2, 3, 10, 11, 101, 7])) + rng.choice(["", "", "a"]) for _ in range(n_queries)]
    queries = list(dict.fromkeys(queries))
    docs = [f"d{i}" for i in range(rng.randint(2, 14))]
    qrels, run = [], []
    grade_pool = rng.choice([[0, 1], [0, 1, 2, 3], [-1, 0, 1, 2], [-1, 0, 1, 2, 3, 4, 12], [-1], [0], [-2, 0, 5]])
    for q in queries:
        kind = rng.random()
        if kind > 0.15:  # judged
            for d in rng.sample(docs, rng.randint(1, len(docs))):
                qrels.append(f"{q} 0 {d} {rng.choice(grade_pool)}")
            if rng.random() < 0.03 and qrels:
                qrels.append(rng.choice(qrels))  # a duplicate judgment
        if kind < 0.15 or rng.random() > 0.1:  # retrieved
            scores = rng.choice([[1.0, 2.0], [0.5, 0.25, 0.125, 3.0], [1.0], [0.1, 0.2, 0.3, 0.4, 0.7, 1.9],
                                 [1e-9, 1.00000001, 1.00000002]])
            for rank, d in enumerate(rng.sample(docs, rng.randint(1, len(docs)))):
                run.append(f"{q} Q0 {d} {rank} {rng.choice(scores)!r} run{rng.randint(1, 2)}")
            if rng.random() < 0.03 and run:
                run.append(rng.choice(run))  # a duplicate document
    rng.shuffle(qrels)
    if rng.random() < 0.5:
        rng.shuffle(run)
    flags = []
    for flag in ("-q", "-c", "-n", "-J"):
        if rng.random() < 0.3:
            flags.append(flag)
    if rng.random() < 0.3:
        flags += ["-l", str(rng.choice([0, 1, 2, 3]))]
    if rng.random() < 0.2:
        flags += ["-M", str(rng.choice([0, 1, 2, 5]))]
    if rng.random() < 0.1:
        flags += ["-N", str(rng.choice([0, 20, 100]))]
    forms = dict(MEASURE_FORMS)
    forms.update({name: params for name, (versions, params) in VERSION_MEASURES.items() if version in versions})
    for name in rng.sample(sorted(forms), rng.randint(0, 4)):
        flags += ["-m", name + rng.choice(forms[name])]
    return "\n".join(qrels) + "\n", "\n".join(run) + ("\n" if run else ""), flags


def run_binary(binary: Path, folder: Path, qrels: str, run: str, flags: list[str]) -> tuple[int, str]:
    """(exit code, stdout) of the real trec_eval on the texts."""
    (folder / "qrels").write_text(qrels)
    (folder / "run").write_text(run)
    done = subprocess.run([str(binary), *flags, str(folder / "qrels"), str(folder / "run")],
                          check=False, capture_output=True, timeout=60)
    return done.returncode, done.stdout.decode("utf-8", "replace")


def binary_values(binary: Path, qrels, run, measures: dict, *flags: str) -> dict[tuple[str, str], float]:
    """{(measure as printed, query): value} the real binary prints with -q and ``flags`` (``measures``: our name ->
    (trec_eval's -m argument, its printed name))."""
    args = [str(binary), "-q", *flags, *sum((["-m", asked] for asked, _ in measures.values()), [])]
    done = subprocess.run([*args, str(qrels), str(run)], capture_output=True, check=True, text=True)
    values = {}
    for line in done.stdout.splitlines():
        name, query, value = (part.strip() for part in line.split("\t"))
        values[(name, query)] = float(value)
    return values


def run_ours(folder: Path, qrels: str, run: str, flags: list[str], version: str) -> tuple[int, str]:
    """(exit code, stdout) of ``python -m metrics trec_eval`` run in this process."""
    import io

    from metrics.batch import trec_eval

    (folder / "qrels").write_text(qrels)
    (folder / "run").write_text(run)
    out, err = io.StringIO(), io.StringIO()
    status = trec_eval.main([*flags, f"--version-compat={version}", str(folder / "qrels"), str(folder / "run")],
                            out=out, err=err)
    return status, out.getvalue()


def same(binary_result: tuple[int, str], our_result: tuple[int, str]) -> bool:
    """Identical exit code and stdout (the messages on stderr differ)."""
    return binary_result == our_result


def comparable(result: tuple[int, str], version: str) -> tuple[int, str]:
    """What is compared of a result: all of it, but for 10.0's rbp lines (see :func:`_without_rbp`)."""
    return (result[0], _without_rbp(result[1])) if version == "10.0" else result


def _first_differing_lines(binary_result, our_result) -> tuple[str, str] | None:
    """The first pair of lines that differ (the binary's, ours), or None (same lines, or one output longer)."""
    return next(((a, b) for a, b in zip(binary_result[1].splitlines(), our_result[1].splitlines()) if a != b), None)


def cause(binary_result, our_result) -> str:
    """The kind of a difference: the two exit codes, or the measure of the first differing line."""
    if binary_result[0] != our_result[0]:
        return f"exit {binary_result[0]} vs ours {our_result[0]}"
    lines = _first_differing_lines(binary_result, our_result)
    if lines is None:
        return "number of lines"
    a = lines[0]
    return f"line of {a.split()[0] if a.split() else a!r}"


def first_difference(binary_result, our_result) -> str:
    """A short description of how two results differ (the cause key of the long run)."""
    if binary_result[0] != our_result[0]:
        return f"exit {binary_result[0]} vs ours {our_result[0]}"
    lines = _first_differing_lines(binary_result, our_result)
    if lines is None:
        return f"{len(binary_result[1].splitlines())} lines vs ours {len(our_result[1].splitlines())}"
    return f"{lines[0]!r} vs ours {lines[1]!r}"


def minimise(binary: Path, folder: Path, qrels: str, run: str, flags: list[str], version: str):
    """Shrink (qrels, run, flags) while the binary and ours still differ: drop flag groups, then
    queries, then single lines."""
    def kind(q, r, f):
        try:
            theirs = comparable(run_binary(binary, folder, q, r, f), version)
            ours = comparable(run_ours(folder, q, r, f, version), version)
        except Exception as error:  # noqa: BLE001 - a crash of ours is a difference too
            return f"crash {type(error).__name__}"
        return None if theirs == ours else cause(theirs, ours)

    wanted = kind(qrels, run, flags)

    def differs(q, r, f):
        return wanted is not None and kind(q, r, f) == wanted

    groups = []
    i = 0
    while i < len(flags):
        take = 2 if flags[i] in ("-l", "-M", "-N", "-m") and i + 1 < len(flags) else 1
        groups.append(flags[i:i + take])
        i += take
    changed = True
    while changed:
        changed = False
        for k in range(len(groups)):
            trial = groups[:k] + groups[k + 1:]
            if differs(qrels, run, [x for g in trial for x in g]):
                groups, changed = trial, True
                break
    flags = [x for g in groups for x in g]
    for which in ("qrels", "run"):
        changed = True
        while changed:
            changed = False
            lines = (qrels if which == "qrels" else run).splitlines()
            queries = list(dict.fromkeys(line.split()[0] for line in lines if line.split()))
            candidates = [[ln for ln in lines if not ln.split() or ln.split()[0] != q] for q in queries]
            candidates += [lines[:k] + lines[k + 1:] for k in range(len(lines))]
            for trial in candidates:
                text = "\n".join(trial) + ("\n" if trial else "")
                q, r = (text, run) if which == "qrels" else (qrels, text)
                if differs(q, r, flags):
                    qrels, run, changed = q, r, True
                    break
    return qrels, run, flags


#: where the real binary crashes (a grade below -1 after a query with grades >= 0 makes its
#: te_form_res_rels memset a negative size: SIGSEGV), this drop-in stops with trec_eval's exit 4
CRASH_STATUS = 4


def _without_rbp(text: str) -> str:
    """The output without 10.0's ``rbp`` lines: its m_rbp.c scales gains by ``min`` and ``max`` that it never
    initialises, so its value depends on what the stack held (other measures requested change it)."""
    return "".join(line for line in text.splitlines(True) if line.split("\t")[0].strip().partition("_")[0] != "rbp"
                   or line.startswith("rbp_resid"))


def compare_many(binary: Path, version: str, seed: int, count: int, folder: Path) -> dict:
    """``count`` random (collection, flags) pairs from ``seed`` through the binary and through ours:
    ``{"tried", "identical", "binary_crashed", "documented_rbp", "differing": {cause: [cases]}}``
    (``documented_rbp``: only 10.0's rbp lines differ, see :func:`_without_rbp`)."""
    import random

    rng = random.Random(seed)
    summary = {"tried": 0, "identical": 0, "binary_crashed": 0, "documented_rbp": 0, "differing": {}}
    for _ in range(count):
        qrels, run, flags = random_case(rng, version)
        theirs = run_binary(binary, folder, qrels, run, flags)
        try:
            ours = run_ours(folder, qrels, run, flags, version)
        except Exception as error:  # noqa: BLE001 - a crash of ours is a difference
            ours = (f"crash {type(error).__name__}: {error}", "")
        summary["tried"] += 1
        if theirs == ours:
            summary["identical"] += 1
        elif comparable(theirs, version) == comparable(ours, version):
            summary["documented_rbp"] += 1
        elif theirs[0] < 0 and ours[0] == CRASH_STATUS:
            summary["binary_crashed"] += 1
        else:
            summary["differing"].setdefault(cause(comparable(theirs, version), comparable(ours, version)),
                                            []).append((qrels, run, flags))
    return summary
