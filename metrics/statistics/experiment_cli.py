"""``python -m metrics experiment QRELS RUN [RUN ...] -m MEASURE ... [--baseline NAME|INDEX]``: the command of
:func:`.experiment.experiment`, kept out of :mod:`metrics.cli` (this module imports nothing heavy, so building
the parser stays cheap; the work imports numpy, pandas and scipy when the command runs)."""

from __future__ import annotations

from ..program import note_left_out, trials_argument, warn_straddling

TESTS = ("t-test", "wilcoxon", "randomization")


def add_experiment_parser(commands) -> None:
    """The ``experiment`` subcommand on the subparsers of :func:`metrics.cli.build_parser`."""
    ex = commands.add_parser("experiment", help="a one-call experiment (PyTerrier's Experiment, ranx's compare): "
                             "means with intervals and, against a baseline, p, adjusted p, wins/ties/losses, d_z",
                             description="Evaluate RUN [RUN ...] (named by their file names) on QRELS and, with "
                             "--baseline, test each run against it measure by measure, on the queries every run has "
                             "(-c: every qrels query, 0 where a run lacks it). Example: python -m metrics experiment "
                             "qrels.txt bm25.txt dense.txt -m AP -m nDCG@10 --baseline bm25")
    ex.add_argument("qrels", help="TREC qrels file: qid iter docid rel")
    ex.add_argument("runs", nargs="+", metavar="RUN", help="TREC run files")
    ex.add_argument("-m", "--measure", action="append", required=True, help="a measure; repeat for more")
    ex.add_argument("--baseline", metavar="NAME|INDEX", help="the baseline run: its name (the file name without "
                    "extension) or its position among the RUNs, from 0 (as PyTerrier's baseline=)")
    ex.add_argument("--test", choices=TESTS, default="t-test",
                    help="paired t-test (default), Wilcoxon signed-rank or paired randomization test")
    ex.add_argument("--correction", choices=("none", "bonferroni", "holm", "bh"), default="holm",
                    help="adjust the p-values (default holm) over --family")
    ex.add_argument("--family", choices=("measure", "all"), default="measure",
                    help="one family per measure (default, PyTerrier's) or every comparison of the table")
    ex.add_argument("--alpha", type=float, default=0.05, help="significance level (default 0.05); the intervals "
                    "are at 1 - alpha")
    ex.add_argument("--ci", choices=("bca", "percentile", "t"), default="bca", help="interval of each mean "
                    "(default bca bootstrap)")
    ex.add_argument("--seed", type=int, default=0, help="seed of the randomization test and the bootstrap (default 0)")
    ex.add_argument("--trials", type=trials_argument, default=10_000, metavar="N|auto",
                    help="random sign flips and bootstrap resamples (default 10000); auto: the randomization test "
                    "doubles from 10000 until each p's 95%% interval is on one side of alpha, at most 1000000")
    ex.add_argument("-c", "--count-missing", action="store_true",
                    help="queries in the qrels but not in a run score 0 there and count (trec_eval -c)")
    ex.add_argument("--output", choices=("text", "json", "csv"), default="text")


def run_experiment(args, names: list[str], out, err) -> None:
    """Read the files (command-line limits), evaluate each run as ``compare`` does (an error names the run's
    file), then :func:`.experiment.experiment` on the evaluations, the runs called ``names`` (the command line's
    :func:`metrics.cli.run_names`); a note on stderr names left-out queries."""
    from ..batch.evaluation import evaluate_files
    from ..measures.names import parse_measures
    from .experiment import experiment

    measures = parse_measures(args.measure)
    baseline = args.baseline
    if baseline is not None and baseline not in names and baseline.isdigit():
        baseline = int(baseline)
    evaluations = evaluate_files(args.qrels, args.runs, names, measures, count_missing=args.count_missing)
    result = experiment(None, evaluations, [str(m) for m in measures], baseline=baseline, test=args.test,
                        correction=args.correction, family=args.family, alpha=args.alpha, ci=args.ci,
                        count_missing=args.count_missing, trials=args.trials, seed=args.seed)
    dropped = {q: runs for d in result.dropped.values() for q, runs in d.items()}
    if not args.count_missing:
        note_left_out(dropped, err)
    warn_straddling((f"{row['measure']}: {row['system']} − {result.baseline}: {row['warning']}"
                     for row in result.rows if row.get("warning")), err)
    if args.output == "json":
        out.write(result.to_json(indent=2) + "\n")
    elif args.output == "csv":
        out.write(result.to_csv())
    else:
        out.write(result.to_text())
