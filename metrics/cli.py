"""Command line: ``python -m metrics evaluate`` (trec_eval-style), ``python -m metrics trec_eval``
(a drop-in for trec_eval 9.0.7, 9.0.8 or 10.0, :mod:`metrics.batch.trec_eval`), ``python -m metrics cwl_eval``
(a drop-in for cwl-eval 1.0.12, :mod:`metrics.batch.cwl_eval`), ``python -m metrics
explain``, ``python -m metrics compare`` (many runs: significance tests, effect sizes, intervals, a paper table;
:mod:`metrics.statistics.multiple`) and ``python -m metrics measures`` (the measure grammar, from
:mod:`metrics.measures.registry`).

Bad input or a bad measure name: exit status 2 and one line on stderr; ``evaluate`` with no query
in both the qrels and the run is bad input too (exit status 2, trec_eval's message; the
``trec_eval`` command exits 7 there, as trec_eval does).
"""

from __future__ import annotations

import argparse
import sys

from .errors import MetricsInputError
from .program import note_left_out, program_name, trials_argument, warn_straddling

USAGE_ERROR = 2


class _Parser(argparse.ArgumentParser):
    """argparse whose errors are one line and exit 2."""

    def error(self, message):
        raise MetricsInputError(message)


def _float_list(values):
    out = []
    for value in values:
        try:
            out.append(float(value))
        except ValueError:
            raise MetricsInputError(f"expected numbers, got {value!r}") from None
    return out


def _measure_help() -> str:
    """The ``evaluate`` command's list of measures, from the registry (its grammar and description, one a line): the
    measures of a ranking, which a run and qrels give, and their parameters."""
    from .measures.registry import REGISTRY, names, ranking_params

    measures = [REGISTRY[name] for name in names()]
    width = max(len(text) for text in [*(info.grammar() for info in measures),
                                        *(param.grammar() for param in ranking_params())]) + 2
    lines = ["measures (python -m metrics measures: also trec_eval's and ir_measures' names):"]
    lines += [f"  {info.grammar().ljust(width)}{info.description}" for info in measures]
    lines += ["", "parameters:"]
    lines += [f"  {param.grammar().ljust(width)}{param.help}" for param in ranking_params()]
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=program_name(), description="Ranking metrics, exactly and step by step.")
    parser.add_argument("-V", "--version", action="store_true", help="print the version and exit")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    ev = commands.add_parser("evaluate", help="evaluate a TREC run against TREC qrels (trec_eval semantics)",
                             description="Evaluate RUN against QRELS.\n\nMeasures (-m) in ir_measures syntax, "
                             "NAME[(param=value,...)][@k]:\nnDCG@10, AP, AP(rel=2)@100, nDCG(gain=exp)@10, "
                             "nDCG(gains={0:0,1:1,2:3})@10, RBP(p=0.5);\ntrec_eval's names (ndcg_cut_10, map, "
                             "P_5) too. For trec_eval's own output: python -m metrics trec_eval.",
                             epilog=_measure_help(), formatter_class=argparse.RawDescriptionHelpFormatter)
    ev.add_argument("qrels", help="TREC qrels file: qid iter docid rel")
    ev.add_argument("run", help="TREC run file: qid Q0 docid rank score tag")
    ev.add_argument("-m", "--measure", action="append", required=True, help="a measure; repeat for more")
    ev.add_argument("-q", "--per-query", action="store_true", help="also print each query's values")
    ev.add_argument("-c", "--count-missing", action="store_true",
                    help="queries in the qrels but not in the run score 0 and count (trec_eval -c)")
    ev.add_argument("-J", "--judged-only", action="store_true",
                    help="only judged documents: the others leave each ranking, the rest close up (trec_eval -J)")
    ev.add_argument("--no-relevant", choices=("zero", "skip", "nan"), default="zero",
                    help="a query without relevant documents: scores 0 and counts (default), is "
                    "left out of the mean, or makes the mean NaN")
    ev.add_argument("--output", choices=("text", "json", "csv"), default="text")
    ev.add_argument("--workers", type=int, metavar="N", help="evaluate partitions of whole queries on a local "
                    "Dask cluster of N processes (the same output)")
    ev.add_argument("--scheduler", metavar="ADDRESS", help="... on the Dask cluster whose scheduler is at ADDRESS")
    ev.add_argument("--scores", choices=("trec_eval", "strict"), default="trec_eval",
                    help="trec_eval (default): a score is read as trec_eval reads it (C's atof: -inf, nan, 0x1p3, "
                    "1e400, 12abc is 12), a warning naming the first that is not a plain number; strict: such a "
                    "score is an error naming its file and line")
    ev.add_argument("--version-compat", choices=("9.0.7", "9.0.8", "10.0"), default="9.0.7",
                    help="rank scores as this trec_eval does (default 9.0.7, pytrec_eval's: 32-bit scores, so "
                    "0.50000001 ties 0.5; 10.0: 64-bit)")
    ev.add_argument("--float32", action="store_true", help="scores as 32-bit floats before ranking (implied by "
                    "9.0.x)")
    ev.add_argument("--bounds", action="store_true", help="unjudged items bounded: per measure its value "
                    "(unjudged non-relevant), judged-only (-J), the interval over every grade they could have "
                    "and the unjudged items within its depth (text or json)")

    co = commands.add_parser("compare", help="compare several runs on one qrels: means with intervals, pairwise "
                             "tests with a correction, Tukey's HSD, effect sizes, a paper table",
                             description="Compare RUN1 RUN2 [RUN3 ...] (named by their file names; the first is "
                             "the baseline) on QRELS, measure by measure, on the queries every run has. "
                             "Example: python -m metrics compare qrels.txt a.txt b.txt c.txt -m AP -m nDCG@10 "
                             "--test randomized-tukey --output markdown")
    co.add_argument("qrels", help="TREC qrels file: qid iter docid rel")
    co.add_argument("runs", nargs="+", metavar="RUN", help="TREC run files (at least 2)")
    co.add_argument("-m", "--measure", action="append", required=True, help="a measure; repeat for more")
    co.add_argument("--test", choices=("t", "wilcoxon", "randomization", "tukey", "randomized-tukey"), default="t",
                    help="paired t-test (default), Wilcoxon signed-rank, paired randomization, Tukey's HSD after "
                    "the two-way ANOVA (topics as blocks), or the randomised Tukey HSD")
    co.add_argument("--correction", choices=("none", "bonferroni", "holm", "bh"),
                    help="adjust the pairwise tests' p-values (default holm; Tukey's tests need none)")
    co.add_argument("--alpha", type=float, default=0.05, help="significance level (default 0.05); the intervals "
                    "are at 1 - alpha")
    co.add_argument("--seed", type=int, default=0, help="seed of the randomised tests and the bootstrap (default 0)")
    co.add_argument("--trials", type=trials_argument, default=10_000, metavar="N|auto",
                    help="random permutations and bootstrap resamples (default 10000); auto: the randomised tests "
                    "double from 10000 until each p's 95%% interval is on one side of alpha, at most 1000000")
    co.add_argument("--ci", choices=("bca", "percentile"), default="bca", help="bootstrap interval (default bca)")
    co.add_argument("--pairs", choices=("all", "baseline"), default="all",
                    help="test every pair (default) or each run against the first")
    co.add_argument("-c", "--count-missing", action="store_true",
                    help="queries in the qrels but not in a run score 0 there and count (trec_eval -c)")
    co.add_argument("--output", choices=("text", "json", "markdown", "latex", "csv"), default="text")

    dv = commands.add_parser("diversity", help="diversity measures of a TREC run on subtopic qrels (ndeval's: "
                             "alpha-nDCG@20, ERR-IA@20, NRBP, S-recall@20)")
    dv.add_argument("qrels", help="subtopic qrels (ndeval's format): topic subtopic docid grade")
    dv.add_argument("run", help="TREC run file: qid Q0 docid rank score tag")
    dv.add_argument("-m", "--measure", action="append", help="alpha-nDCG@k, ERR-IA@k, NRBP, S-recall@k "
                    "(alpha=... or beta=... in parentheses); repeat for more (default: ndeval's four at 20)")
    dv.add_argument("-q", "--per-query", action="store_true", help="also print each query's values")
    dv.add_argument("--output", choices=("text", "json"), default="text")

    from .statistics.experiment_cli import add_experiment_parser  # its own module: metrics.statistics.experiment

    add_experiment_parser(commands)

    commands.add_parser("measures", help="list every measure: its parameters, cut-off, trec_eval's and "
                        "ir_measures' names, description (the grammar of -m)")

    commands.add_parser("trec_eval", add_help=False, help="a drop-in for trec_eval (9.0.7 by default, "
                        "--version-compat 9.0.8|10.0): same flags, measures and output (python -m metrics "
                        "trec_eval -h)")
    commands.add_parser("cwl_eval", add_help=False, help="a drop-in for cwl-eval 1.0.12: C/W/L measures (EU, ETU, EC, "
                        "ETC, ED), same arguments and output (python -m metrics cwl_eval -h)")

    lesson = commands.add_parser("lesson", help="lessons: list the built-in ones, check a lesson file, print a "
                                 "lesson plan")
    lesson_commands = lesson.add_subparsers(dest="lesson_command", required=True, parser_class=_Parser)
    lesson_check = lesson_commands.add_parser(
        "check", help="check lesson files (TOML): exit 0, or exit 2 with one line per problem",
        description="Check lesson files: every scene computes, every text is in every language, every value "
                    "the file states is the core's, and no scene shows its answer before its question.")
    lesson_check.add_argument("files", nargs="+", metavar="FILE", help="lesson files (TOML)")
    lesson_commands.add_parser("list", help="list the built-in lessons: id, minutes, scenes, languages, title")
    lesson_plan = lesson_commands.add_parser(
        "plan", help="print a lesson plan in Markdown: each scene's timing, board, question and exact answer",
        description="Print a printable lesson plan (Markdown): title, minutes and summary, then each scene's "
                    "timing, what to show, what to point at and say, the question with its exact answer computed "
                    "by the core, the mistake students make, the hint and the teacher's notes; where to read on.")
    lesson_plan.add_argument("lesson", metavar="LESSON", help="a built-in lesson's id (lesson list) or a lesson file")
    lesson_plan.add_argument("--language", default="en", metavar="LANG",
                             help="the plan's language, one of the lesson's (default: en; the built-in ones: en, zh)")

    from .teaching.explain import ALIASES  # (here: the parser of evaluate needs none of the explainers)

    ex = commands.add_parser("explain", help="print the step table of one metric on grades you type",
                             description="Print the step table and the worked formula. Examples: python -m metrics "
                             "explain 'AP(denom=R)@5' --rels 1 0 1 --judged 1 1 1 0; python -m metrics explain "
                             "ndcg --rels 3 2 3 0 1 -k 3")
    ex.add_argument("metric", metavar="METRIC",
                    help="a measure of the grammar with its parameters and cut-off (nDCG@3, 'AP(denom=R)@5', "
                         "'RBP(p=0.5)': python -m metrics measures lists them; it takes --rels, --judged, --items, "
                         f"--step, -k) or a short name with the options below: {', '.join(ALIASES)}, ndcg_gains")
    ex.add_argument("--rels", nargs="+", required=True, help="grades in ranked order")
    ex.add_argument("--judged", nargs="+", metavar="GRADE",
                    help="a measure of the grammar: the grades of every judged item of the query (R, N and the "
                         "ideal ordering; default: the judged grades in --rels)")
    ex.add_argument("-k", type=int, help="cut-off")
    ex.add_argument("--items", nargs="+", help="item labels in ranked order")
    ex.add_argument("--gain", choices=("linear", "exponential"), help="nDCG gain")
    ex.add_argument("--ideal", nargs="+", help="nDCG: grades of all judged items for the ideal ordering")
    ex.add_argument("--n-relevant", type=int, help="R, the number of relevant items (AP, recall, Rprec)")
    ex.add_argument("--denominator", choices=("relevant", "found", "min_k_relevant"), help="AP denominator")
    ex.add_argument("--threshold", type=float, help="relevant when grade >= threshold (default 1)")
    ex.add_argument("--step", type=int, metavar="I",
                    help="stop after rank I, as a lecture does: the first I rows, the formula so far")
    ex.add_argument("--ideal-from", choices=("judged", "list"),
                    help="nDCG: the convention --ideal follows, for the measure's name")
    # the newer measures' options (a grade written u or - in --rels is unjudged: bpref, judged, num_*)
    ex.add_argument("--n-nonrelevant", type=int, help="bpref: N, the judged non-relevant items")
    ex.add_argument("--mult", type=float, help="rprec_mult: the multiple m of R (precision at rank m·R)")
    ex.add_argument("-p", type=float, help="rbp: the persistence p (default 0.8)")
    ex.add_argument("--beta", type=float, help="set_f: the weight beta of recall (default 1)")
    ex.add_argument("--max-grade", type=float, help="err: the largest grade g_max (default the largest in --rels)")
    ex.add_argument("--gains", nargs="+", metavar="GRADE:GAIN",
                    help="ndcg_gains: the gain of each grade (default 0:0 1:1 2:3 3:7)")
    return parser


UNJUDGED = ("u", "-")  #: how --rels writes an unjudged item


def _grades_or_unjudged(values):
    """--rels: numbers, ``u`` or ``-`` for an unjudged item (None)."""
    return [None if value in UNJUDGED else _float_list([value])[0] for value in values]


def _gain_map(pairs):
    """--gains 0:0 1:1 2:3 as {0.0: 0.0, 1.0: 1.0, 2.0: 3.0}."""
    if pairs is None:
        return None
    gains = {}
    for pair in pairs:
        grade, sep, gain = pair.partition(":")
        if not sep:
            raise MetricsInputError(f"--gains expects GRADE:GAIN pairs, got {pair!r}")
        gains.update(zip(_float_list([grade]), _float_list([gain])))
    return gains


def _evaluate(args, out, err=None) -> None:
    """The run streamed as ``trec_eval``'s (:mod:`metrics.batch.streaming`): memory for one batch of whole
    queries, each input read once (a pipe, ``-`` for stdin), no size limit (``limits.CLI``); the output written
    batch after batch (CSV straight out; text and JSON, whose order needs every query first, via a temporary file)."""
    from .measures.names import parse_measures

    measures = parse_measures(args.measure)
    if args.bounds:  # metrics.batch.bounds
        from .batch.bounds import evaluate_bounds

        if args.output == "csv":
            raise MetricsInputError("--bounds writes text or json, not csv")
        ignored = [flag for flag, given in (("-c", args.count_missing), ("-J", args.judged_only),
                                            ("--no-relevant", args.no_relevant != "zero"),
                                            ("--workers/--scheduler", args.workers is not None or args.scheduler))
                   if given]
        if ignored:  # (never a number that looks like it obeyed them)
            raise MetricsInputError(f"--bounds does not take {', '.join(ignored)}: it bounds the queries in both files "
                                    "(and reports the judged-only value itself)")
        result = evaluate_bounds(args.qrels, args.run, measures,
                                 float32=args.float32 or args.version_compat.startswith("9."))
        out.write(result.as_json() + "\n" if args.output == "json" else result.as_text(args.per_query))
        return
    if args.workers is not None or args.scheduler:
        from .batch.dask import dask_client

        with dask_client(args.workers, args.scheduler) as client:
            _evaluate_streamed(args, measures, out, client, err)
    else:
        _evaluate_streamed(args, measures, out, err=err)


def _evaluate_streamed(args, measures, out, client=None, err=None) -> None:
    from .batch.output import streaming_writer
    from .batch.streaming import StreamedEvaluation

    with StreamedEvaluation(args.qrels, args.run, measures, count_missing=args.count_missing,
                            no_relevant=args.no_relevant, client=client, scores=args.scores,
                            float32=args.float32 or args.version_compat.startswith("9."),
                            judged_only=args.judged_only) as evaluation:
        said = evaluation.warning(program_name())
        if said:
            (err or sys.stderr).write(said + "\n")
        guarded = _GuardedOutput(out)
        writer = streaming_writer(args.output, guarded, evaluation.names, args.per_query)
        for queries, values in evaluation.batches():
            writer.add(queries, values)
        writer.end(evaluation.aggregate)
        guarded.flush()


class _GuardedOutput:
    """``evaluate``'s output: a failed write (a full disk) is one line naming the output, exit 2."""

    def __init__(self, out):
        self.out = out

    def write(self, text: str) -> None:
        try:
            self.out.write(text)
        except OSError as error:
            self._failed(error)

    def flush(self) -> None:
        try:
            self.out.flush()
        except OSError as error:
            self._failed(error)

    def _failed(self, error: OSError):
        if isinstance(error, BrokenPipeError):
            raise error  # the reader went away (`| head`): main says nothing
        from .batch.trec_eval import cannot_write

        raise MetricsInputError(cannot_write(self.out, error)) from None


def run_names(paths) -> list[str]:
    """Each run file's name without its extension (``runs/bm25.txt.gz`` -> ``bm25``); two alike are an error."""
    from pathlib import PurePath

    names = []
    for path in paths:
        name = PurePath(str(path)).name
        name = name.removesuffix(".gz")
        names.append(PurePath(name).stem or name)
    for i, name in enumerate(names):
        if name in names[:i]:
            raise MetricsInputError(f"two runs are named {name!r} ({paths[names.index(name)]} and {paths[i]}): "
                                    "runs are named by their file names, rename one")
    return names


def _compare(args, out, err) -> None:
    from .batch.evaluation import evaluate_files
    from .measures.names import parse_measures
    from .statistics.multiple import align_scores, compare_systems
    from .statistics.report import WRITERS

    if len(args.runs) < 2:
        raise MetricsInputError(f"compare needs at least 2 runs, got {len(args.runs)}")
    measures = parse_measures(args.measure)
    names = run_names(args.runs)
    per_run = {name: evaluation.to_dict() for name, evaluation in
               evaluate_files(args.qrels, args.runs, names, measures, count_missing=args.count_missing).items()}
    comparisons = []
    for measure in per_run[names[0]]:
        scores = align_scores({name: values[measure] for name, values in per_run.items()}, args.count_missing)
        comparisons.append(compare_systems(scores, test=args.test, correction=args.correction, alpha=args.alpha,
                                           seed=args.seed, trials=args.trials, ci=args.ci, pairs=args.pairs,
                                           measure=measure))
    note_left_out(comparisons[0].scores.dropped, err,
                  "counted as 0 in the runs without them" if args.count_missing else "left out, not in every run")
    warn_straddling((f"{c.measure}: {pair.b} − {pair.a}: {pair.warning}" for c in comparisons for pair in c.pairs
                     if pair.warning), err)
    WRITERS[args.output](comparisons, out)


def _diversity(args, out) -> None:
    """``diversity``: :func:`metrics.batch.diversity.evaluate_diversity`, as text or JSON."""
    from .batch.diversity import DEFAULT_MEASURES, evaluate_diversity

    result = evaluate_diversity(args.qrels, args.run, args.measure or DEFAULT_MEASURES)
    out.write(result.as_json() + "\n" if args.output == "json" else result.as_text(args.per_query))


def _measures(args, out) -> None:
    from .measures.registry import grammar_text

    out.write(grammar_text() + "\n")


def subtitle_of(name: str) -> str:
    """The measure's plain-language description (empty for names outside the grammar, e.g. AUC)."""
    from .measures.names import subtitle

    try:
        return subtitle(name)
    except MetricsInputError:
        return ""


def _explain(args, out) -> None:
    from .explanation import DIGITS
    from .teaching.explain import explain, title

    rels = _grades_or_unjudged(args.rels)
    options = {"items": args.items, "judged": _float_list(args.judged) if args.judged else None,
               "gain": args.gain, "n_relevant": args.n_relevant,
               "denominator": args.denominator, "threshold": args.threshold,
               "ideal": _float_list(args.ideal) if args.ideal else None, "ideal_from": args.ideal_from,
               "n_nonrelevant": args.n_nonrelevant, "mult": args.mult, "p": args.p, "beta": args.beta,
               "max_grade": args.max_grade, "gains": _gain_map(args.gains)}
    result = explain(args.metric, rels, args.k, **options)
    rows = len(result.table)
    if args.step is not None and not 1 <= args.step <= max(rows, 1):
        raise MetricsInputError(f"--step must be between 1 and {max(rows, 1)} (the table's rows), got {args.step}")
    step = rows if args.step is None else min(args.step, rows)
    out.write(f"{title(args.metric, options)} — {result.measure}: {subtitle_of(result.measure)}\n\n")
    out.write(_table_text(result.table.iloc[:step]) + "\n")
    ideal = result.details.get("ideal_table")
    if ideal is not None:
        out.write("\nideal ordering:\n" + _table_text(ideal.iloc[:step]) + "\n")
    out.write("\n" + result.worked_text_at(step, fold=False) + "\n")
    if step < rows:
        so_far = ", ".join(f"{name} = {value:.{DIGITS}f}" for name, value in result.running_at(step).items())
        out.write(f"\nafter step {step} of {rows}: {so_far}\n")
    else:
        out.write(f"\n{result.measure} = {result.value:.{DIGITS}f}\n")


def _table_text(table) -> str:
    """A step table as text: whole-number columns as integers, others to DIGITS decimals."""
    from .explanation import DIGITS

    table = table.copy()
    for column in table.columns:
        values = table[column]
        if values.dtype.kind == "f" and values.notna().all() and (values == values.round()).all():
            table[column] = values.astype(int)
    return table.to_string(index=False, float_format=lambda v: f"{v:.{DIGITS}f}")


def _lesson_plan(name: str, language: str) -> str:
    """``lesson plan``: the plan of the built-in lesson ``name``, or of the lesson file at that path."""
    from pathlib import Path

    from .teaching.lessons import builtin_lessons, read_lesson
    from .teaching.lessons.plan import lesson_plan

    lesson = next((lesson for lesson in builtin_lessons() if lesson.id == name), None)
    if lesson is None:
        path = Path(name)
        if not path.is_file():
            ids = ", ".join(lesson.id for lesson in builtin_lessons())
            raise MetricsInputError(f"no lesson {name!r}: give a built-in lesson's id ({ids}) or a lesson file")
        lesson = read_lesson(path)  # a LessonError names every problem
    return lesson_plan(lesson, language)


def _lesson(args, out, err) -> int:
    """``lesson list``: the built-in lessons, one a line; ``lesson check FILE…``: each file's problems, one a line
    (``FILE: scene 'id': field: problem``), exit 2 when there is any, else ``FILE: ok`` and exit 0; ``lesson plan
    LESSON [--language zh]``: the lesson plan in Markdown (:mod:`metrics.teaching.lessons.plan`)."""
    from .teaching.lessons import builtin_lessons, check_lesson

    if args.lesson_command == "plan":
        from .teaching.lessons import LessonError

        try:
            out.write(_lesson_plan(args.lesson, args.language))
        except LessonError as error:  # a lesson file with problems: one line each, as ``lesson check`` says them
            err.writelines(f"{problem}\n" for problem in error.problems)
            return USAGE_ERROR
        return 0
    if args.lesson_command == "list":
        lessons = builtin_lessons()
        width = max(len(lesson.id) for lesson in lessons)
        out.write(f"{'id'.ljust(width)}  minutes  scenes  languages  title\n")
        for lesson in lessons:
            out.write(f"{lesson.id.ljust(width)}  {lesson.minutes:>7}  {len(lesson.scenes):>6}  "
                      f"{','.join(lesson.languages):<9}  {lesson.title['en']}\n")
        return 0
    status = 0
    for path in args.files:
        problems = check_lesson(path)
        for problem in problems:
            err.write(f"{problem}\n")
        if problems:
            status = USAGE_ERROR
        else:
            out.write(f"{path}: ok\n")
    return status


def main(argv=None, out=None, err=None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    argv = sys.argv[1:] if argv is None else [str(arg) for arg in argv]
    if argv[:1] in (["--version"], ["-V"]):
        from . import __version__

        out.write(f"{program_name()} (Ranking Metrics Lab) {__version__}\n")
        return 0
    if argv[:1] == ["trec_eval"]:
        from .batch.trec_eval import main as trec_eval_main

        return trec_eval_main(argv[1:], out, err)
    if argv[:1] == ["cwl_eval"]:
        from .batch.cwl_eval import main as cwl_eval_main

        return cwl_eval_main(argv[1:], out, err)
    try:
        args = build_parser().parse_args(argv)
        if args.command == "compare":
            _compare(args, out, err)
        elif args.command == "experiment":
            from .statistics.experiment_cli import run_experiment

            run_experiment(args, run_names(args.runs), out, err)
        elif args.command == "lesson":
            return _lesson(args, out, err)
        elif args.command == "evaluate":
            _evaluate(args, out, err)
        else:
            {"evaluate": _evaluate, "explain": _explain, "measures": _measures,
             "diversity": _diversity}[args.command](args, out)
    except MetricsInputError as error:
        err.write(f"{program_name()}: error: {error}\n")
        return USAGE_ERROR
    except BrokenPipeError:  # the reader went away (e.g. `| head`): nothing more to say
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as error:
        err.write(f"{program_name()}: error: {error.filename or ''}: {error.strerror or error}\n")
        return USAGE_ERROR
    return 0
