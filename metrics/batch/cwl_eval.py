"""``python -m metrics cwl_eval GAINS RESULTS``: a drop-in for ``cwl-eval`` 1.0.12 (Azzopardi, Thomas, Moffat,
"cwl_eval: An evaluation tool for information retrieval", SIGIR 2019), with the C/W/L models of
:mod:`metrics.measures.cwl`.

Same arguments (``-c COSTS``, ``-m METRICS``, ``-n``, ``-r``, ``--max_gain``, ``--min_gain``, ``--max_cost``,
``--min_cost``, ``--max_depth``), same default metrics, metrics-file grammar (``RBPCWLMetric(0.8)``, one a line),
columns, order and ``%.4f`` numbers: stdout and the exit status byte for byte those of cwl-eval, checked against
it (tests/metrics/measures/cwl). Each topic is the run's lines of one topic id in a row (a topic met again later is
evaluated again), its items in file order (rank and score are not read); an item the gains file does not judge
has gain 0 and, with ``-r``, ``--max_gain`` in the best case (the residuals are best minus worst); an item
whose element type the costs file lacks costs ``--max_cost`` (worst) or ``--min_cost`` (best), 1 each by default.

Where cwl-eval fails (a traceback, exit status 1) this prints one line naming the file, the line (or topic) and
the problem, then the last line of cwl-eval's traceback (``ValueError: ...``); cwl-eval's ``cwl.log`` is not
written, numpy's warnings are not printed and ``-b`` (BibTeX) is accepted but writes only the tool's entry.

A bug kept for compatibility: cwl-eval's dynamic BPM (``BPMDCWLMetric``) updates T where it means to update K,
so K never moves; ``--fixed-bpm-dynamic`` moves K by hc·(g(i) − gain_med), as Zhang et al. (2017) say.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys

import numpy as np

from ..errors import MetricsInputError
from ..measures.cwl import BPMDCWLMetric, default_models, parse_model, resolved

HEADER = ("Topic", "Metric", "EU", "ETU", "EC", "ETC", "ED")
RESIDUAL_HEADER = ("ResEU", "ResETU", "ResEC", "ResETC", "ResED")
TOOL_BIBTEX = ("@inproceedings{azzopardi2019cwl,\n author = {Azzopardi, Leif and Thomas, Paul and Moffat, Alistair},\n"
               " title = {cwl\\_eval: An Evaluation Tool for Information Retrieval},\n"
               " booktitle = {Proc. of the 42nd International ACM SIGIR Conference},\n year = {2019}\n}\n")


class Failure(Exception):
    """cwl-eval's failure: ``where`` (file and line, or topic) with ``cause``, the exception cwl-eval raises."""

    def __init__(self, where: MetricsInputError, cause: BaseException):
        super().__init__(str(where))
        self.where, self.cause = where, cause


def build_parser() -> argparse.ArgumentParser:
    """cwl-eval's own parser (its help, its usage errors, exit status 2), prog ``cwl-eval``."""
    parser = argparse.ArgumentParser(prog="cwl-eval", description="CWL Evaluation Metrics")
    parser.add_argument("gain_file", help="A TREC Formatted Qrel File with relevance column assumed to be gain values."
                        "Gain values should be between zero and one (unless otherwise specified).Four column tab/space "
                        "sep file with fields: topic_id unused doc_id gain")
    parser.add_argument("result_file", help="TREC formatted results file. Six column tab/space sep file with fields: "
                        "topic_id element_type doc_id rank score run_id.")
    parser.add_argument("-c", "--cost_file", help="Costs associated with each element type specified in result file.",
                        required=False, default=None)
    parser.add_argument("-m", "--metrics_file", help="The list of metrics that are to be reported. If not specified, "
                        "a set of default metrics will be reported. Tab/space sep file with fields: metric_name params",
                        required=False, default=None)
    parser.add_argument("-b", "--bib_file", help="If specified, then the BibTeX for the measures used will be saved "
                        "to the filename given.", required=False, default=None)
    parser.add_argument("-n", "--colnames", help="Includes headings in the output.", action="store_true")
    parser.add_argument("-r", "--residuals", help="Include residual calculations.", action="store_true")
    parser.add_argument("--max_gain", help="Maximum gain associated with an item used for computing residuals and "
                        "checking gain input file. (default=1.0)", default=1.0, type=float)
    parser.add_argument("--min_gain", help="Minimum gain associated with an item used for checking gain input file. "
                        "(default=0.0)", default=0.0, type=float)
    # no type, as in cwl-eval: the strings reach numpy, which reads them (or fails) when it fills a cost vector
    parser.add_argument("--max_cost", help="Maximum cost associated with an item. Used for computing residuals. "
                        "(default=1.0)", default=1.0)
    parser.add_argument("--min_cost", help="Minimum cost associated with an item. Used for computing residuals. "
                        "(default=1.0)", default=1.0)
    parser.add_argument("--max_depth", help="Maximum depth to compute metrics. (default=1000)", default=1000, type=int)
    # not in cwl-eval (hidden, so that -h stays its help): the corrected dynamic BPM
    parser.add_argument("--fixed-bpm-dynamic", action="store_true", help=argparse.SUPPRESS)
    return parser


def _lines(path: str):
    """(line number, line) of a text file, read as cwl-eval reads it."""
    with open(path, "r") as handle:
        yield from enumerate(handle, 1)


def read_gains(path: str) -> tuple[dict, dict]:
    """topic -> doc -> gain (a later line wins), and where each gain was read (for the range check)."""
    gains, where = {}, {}
    for number, line in _lines(path):
        parts = line.split()
        try:
            topic, doc, value = parts[0], parts[2].strip(), parts[3].strip()
            gains.setdefault(topic, {})[doc] = float(value)
        except IndexError as error:
            raise Failure(MetricsInputError(f"expected 4 fields (topic unused doc_id gain), got {len(parts)}",
                                            path, number), error) from None
        except ValueError as error:
            raise Failure(MetricsInputError(f"the gain {value!r} is not a number", path, number), error) from None
        where[topic, doc] = number
    return gains, where


def check_gains(path: str, gains: dict, where: dict, low: float, high: float) -> None:
    """cwl-eval's check: every gain within [--min_gain, --max_gain], in the order read."""
    for topic, judged in gains.items():
        for doc, gain in judged.items():
            if gain > high:
                problem = f"Detected a gain value ({gain})  greater than the maximum ({high}).\n" \
                          "Please check your input gain file"
            elif gain < low:
                problem = f"Detected a gain value ({gain}) less than minimum ({low}).\n " \
                          "Please check your input gain file."
            else:
                continue
            error = MetricsInputError(f"the gain {gain} is outside [--min_gain, --max_gain] = [{low}, {high}]", path,
                                      where[topic, doc])
            raise Failure(error, ValueError(problem))


def read_costs(path: str) -> dict[str, float]:
    """element type -> cost."""
    costs = {}
    for number, line in _lines(path):
        try:
            element_type, cost = line.split()
        except ValueError as error:
            raise Failure(MetricsInputError(f"expected 2 fields (element_type cost), {_what(line)}", path, number),
                          error) from None
        try:
            costs[element_type.strip()] = float(cost)
        except ValueError as error:
            raise Failure(MetricsInputError(f"the cost {cost!r} is not a number", path, number), error) from None
    return costs


def read_metrics(path: str) -> list:
    """The models named in a metrics file, one ``ClassName(arg, ...)`` a line."""
    models = []
    for number, line in _lines(path):
        try:
            models.append(parse_model(line))
        except (IndexError, ValueError, NameError, TypeError) as error:
            problem = f"cannot read {line.strip()!r} as ClassName(arg, ...): {str(error).splitlines()[0]}"
            raise Failure(MetricsInputError(problem, path, number), error) from None
    return models


def _what(line: str) -> str:
    return f"got {len(line.split())}: {line.strip()!r}"


class Topic:
    """One topic's ranking as read: gains (NaN: unjudged) and costs (NaN: no cost given)."""

    def __init__(self, topic: str, judged: dict | None, costs: dict | None):
        self.topic, self.judged, self.costs = topic, judged, costs
        self.gains: list[float] = []
        self.item_costs: list[float] = []

    def add(self, doc: str, element_type: str) -> None:
        self.gains.append(self.judged.get(doc, np.nan) if self.judged is not None else np.nan)
        self.item_costs.append(np.nan if self.costs is None else self.costs.get(element_type, np.nan))

    def relevant(self) -> float:
        return float(sum(1.0 for gain in (self.judged or {}).values() if gain > 0.0))


def _scores(model, topic: Topic, options, residuals: bool):
    depth, relevant = options.max_depth, topic.relevant()
    gains = resolved(topic.gains, depth, 0.0)
    costs = resolved(topic.item_costs, depth, options.max_cost)
    worst = model.scores(gains, costs, relevant)
    if not residuals:
        return worst
    gains = resolved(topic.gains, depth, options.max_gain)
    costs = resolved(topic.item_costs, depth, options.min_cost)
    ones = np.array(gains)
    ones[ones > 0.0] = 1.0
    best = model.scores(gains, costs, max(np.sum(ones), relevant))
    return (*worst, *(b - w for b, w in zip(best, worst)))


def _measure(models, topic: Topic, options, source: str) -> str:
    rows = []
    for model in models:
        try:
            values = _scores(model, topic, options, options.residuals)
        except Exception as error:  # what cwl-eval's numpy raises: reported as it is, with the topic
            first = str(error).splitlines()[0] if str(error) else type(error).__name__
            raise Failure(MetricsInputError(f"{model.name().strip()}: {first}", f"{source} topic {topic.topic}"),
                          error) from None
        rows.append("\t".join([topic.topic, model.name(), *(f"{v:.4f}" for v in values)]))
    return "".join(f"{row}\n" for row in rows)


def evaluate(options, out) -> None:
    """Evaluate as cwl-eval does, writing each topic's lines as soon as it is measured."""
    gains, where = read_gains(options.gain_file)
    check_gains(options.gain_file, gains, where, options.min_gain, options.max_gain)
    costs = read_costs(options.cost_file) if options.cost_file else None
    models = read_metrics(options.metrics_file) if options.metrics_file else default_models()
    for model in models:
        if isinstance(model, BPMDCWLMetric):
            model.fixed = options.fixed_bpm_dynamic
    if options.colnames:
        out.write("\t".join(HEADER + (RESIDUAL_HEADER if options.residuals else ())) + "\n")
    topic = None
    for number, line in _lines(options.result_file):
        try:
            (topic_id, element_type, doc, _rank, _score, _run) = line.split()
        except ValueError as error:
            raise Failure(MetricsInputError(f"expected 6 fields (topic_id element_type doc_id rank score run_id), "
                                            f"{_what(line)}", options.result_file, number), error) from None
        if topic is None or topic_id != topic.topic:
            if topic is not None:
                out.write(_measure(models, topic, options, options.result_file))
            topic = Topic(topic_id, gains.get(topic_id), costs)
        topic.add(doc.strip(), element_type)
    if topic is None:
        raise Failure(MetricsInputError("no results to evaluate", options.result_file),
                      AttributeError("'NoneType' object has no attribute 'get_ranking'"))
    out.write(_measure(models, topic, options, options.result_file))
    if options.bib_file:
        with open(options.bib_file, "w") as handle:
            handle.write(TOOL_BIBTEX)


def _exception_line(error: BaseException) -> str:
    """The last line of a traceback: ``ValueError: ...`` (module-qualified outside the builtins)."""
    kind = type(error)
    name = kind.__qualname__ if kind.__module__ == "builtins" else f"{kind.__module__}.{kind.__qualname__}"
    text = str(error)
    return f"{name}: {text}" if text else name


def main(argv: list[str], out=None, err=None) -> int:
    """Run cwl-eval with ``argv`` (without the program name); returns the exit status."""
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            options = build_parser().parse_args(argv)
    except SystemExit as stop:
        return int(stop.code or 0)
    for path in (options.result_file, options.gain_file, options.cost_file, options.metrics_file):
        if path and not os.path.exists(path):
            out.write(f"{path} Not Found\n")
            return 1
    try:
        evaluate(options, out)
    except Failure as failure:
        out.flush()
        err.write(f"cwl_eval: {failure.where}\n{_exception_line(failure.cause)}\n")
        return 1
    except (OSError, UnicodeDecodeError) as error:
        out.flush()
        err.write(f"cwl_eval: {getattr(error, 'filename', None) or ''}: {error}\n{_exception_line(error)}\n")
        return 1
    return 0
