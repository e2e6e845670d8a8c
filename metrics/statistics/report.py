r"""The results table of many systems (``python -m metrics compare``): text, JSON, Markdown, LaTeX and CSV
from one :class:`~.multiple.Comparison` per measure (the same runs, in the same order, the first the baseline).

The paper table (Markdown, LaTeX) has a row per run, labelled a, b, c, … and a column per measure with
the mean; the best mean of each measure is bold, and a superscript letter says the run is significantly
better than the run of that letter (adjusted p ≤ α, as ranx's report marks them); a footnote says which
test, which correction, α and how many queries.
"""

from __future__ import annotations

import csv
import json
import math
import string
from typing import Sequence

from ..explanation import DIGITS
from . import corrections
from .multiple import RANDOMISED, TITLES, Comparison


def _value(x: float) -> str:
    return "NaN" if not math.isfinite(x) else f"{x:.{DIGITS}f}"


#: the width of a p column: ``<0.0001`` and ``0.0123`` alike
P_WIDTH = DIGITS + 3


def _p(x: float) -> str:
    if not math.isfinite(x):
        return "NaN"
    return f"<{10 ** -DIGITS:.{DIGITS}f}" if 0 < x < 10 ** -DIGITS or x == 0 else f"{x:.{DIGITS}f}"


def letters(runs: Sequence[str]) -> dict[str, str]:
    """a, b, c, … (then aa, ab, … past 26 runs)."""
    alphabet = string.ascii_lowercase
    out = {}
    for i, run in enumerate(runs):
        out[run] = alphabet[i] if i < 26 else alphabet[i // 26 - 1] + alphabet[i % 26]
    return out


def better_than(comparison: Comparison) -> dict[str, list[str]]:
    """Each run -> the runs it is significantly better than (a significant pair with a higher mean)."""
    out: dict[str, list[str]] = {run: [] for run in comparison.runs}
    for pair in comparison.pairs:
        if pair.significant and pair.diff != 0:
            winner, loser = (pair.b, pair.a) if pair.diff > 0 else (pair.a, pair.b)
            out[winner].append(loser)
    order = {run: i for i, run in enumerate(comparison.runs)}
    return {run: sorted(losers, key=order.__getitem__) for run, losers in out.items()}


def method_words(comparison: Comparison) -> str:
    """``paired t-test, Holm-adjusted p ≤ 0.05`` — the test and its threshold, for a footnote."""
    test = TITLES[comparison.test]
    if comparison.correction == "none":
        p = "p" if comparison.test in ("tukey", "randomized-tukey") else "p (no correction)"
    else:
        p = f"{corrections.TITLES[comparison.correction]}-adjusted p"
    return f"{test}, {p} ≤ {comparison.alpha:g}"


def _footnote(comparisons: Sequence[Comparison]) -> str:
    first = comparisons[0]
    scores = first.scores
    queries = f"{len(scores.queries)} queries"
    if scores.dropped:
        queries += (f" ({len(scores.dropped)} filled with 0 where a run lacks them)" if scores.count_missing
                    else f" that every run has ({len(scores.dropped)} left out)")
    scope = "any other run" if first.details.get("pairs") == "all" else "the baseline (a)"
    return (f"Means over {queries}. Bold: the best mean of the measure. A superscript letter: significantly "
            f"better than the run of that letter ({method_words(first)}; compared with {scope}).")


def _best(comparison: Comparison) -> set[str]:
    shown = {run: _value(x) for run, x in comparison.means.items()}
    finite = [x for x in comparison.means.values() if math.isfinite(x)]
    if not finite:
        return set()
    top = _value(max(finite))
    return {run for run, text in shown.items() if text == top}


# ------------------------------------------------------------------------------------------ writers


def write_json(comparisons: Sequence[Comparison], out) -> None:
    """``{"measures": {measure: {"means", "ci", "pairs"}}}`` (indent 2, NaN as null)."""
    data = {"measures": {c.measure: c.to_dict() for c in comparisons}}
    out.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def write_csv(comparisons: Sequence[Comparison], out) -> None:
    """One row per measure and pair: ``measure,a,b,mean_a,mean_b,diff,ci_low,ci_high,p,p_adjusted,
    effect_size,significant`` (6 decimals, NaN empty)."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["measure", "a", "b", "mean_a", "mean_b", "diff", "ci_low", "ci_high", "p", "p_adjusted",
                     "effect_size", "significant"])

    def number(x: float) -> str:
        return f"{x:.6f}" if math.isfinite(x) else ""

    for c in comparisons:
        for pair in c.pairs:
            writer.writerow([c.measure, pair.a, pair.b, number(pair.mean_a), number(pair.mean_b), number(pair.diff),
                             number(pair.ci[0]), number(pair.ci[1]), number(pair.p), number(pair.p_adjusted),
                             number(pair.effect_size), "true" if pair.significant else "false"])


def write_text(comparisons: Sequence[Comparison], out) -> None:
    """Per measure: each run's mean with its interval, then every pair (b − a) with p, adjusted p, effect size."""
    for number, c in enumerate(comparisons):
        if number:
            out.write("\n")
        correction = "" if c.correction == "none" else f", {corrections.TITLES[c.correction]} correction"
        out.write(f"{c.measure}: {TITLES[c.test]}{correction}, alpha {c.alpha:g}, {len(c.scores.queries)} queries, "
                  f"{c.ci_label}s\n")
        width = max(len(run) for run in c.runs)
        out.write(f"  {'run'.ljust(width)}  {'mean':>{DIGITS + 3}}  interval\n")
        for run in c.runs:
            low, high = c.ci[run]
            mark = "  (baseline)" if run == c.baseline else ""
            out.write(f"  {run.ljust(width)}  {_value(c.means[run]):>{DIGITS + 3}}  [{_value(low)}, {_value(high)}]"
                      f"{mark}\n")
        adjusted = "p adj." if c.correction != "none" else ""
        es = c.pairs[0].effect_size_name if c.pairs else ""
        sampled = any(pair.p_se is not None and not pair.details["exact"] for pair in c.pairs)
        # p prints as 0.0123, <0.0001, NaN: every column fixed-width and right-aligned, so the rows line up
        se = f"  {'±SE':>{P_WIDTH}}" if sampled else ""
        out.write(f"  {'b − a'.ljust(2 * width + 3)}  {'diff':>{DIGITS + 4}}  {'interval':<{2 * DIGITS + 10}}  "
                  f"{'p':>{P_WIDTH}}{se}  {adjusted:>{P_WIDTH}}  {es:>{DIGITS + 3}}\n")
        for pair in c.pairs:
            names = f"{pair.b.ljust(width)} − {pair.a.ljust(width)}"
            interval = f"[{_value(pair.ci[0])}, {_value(pair.ci[1])}]"
            p_adj = _p(pair.p_adjusted) if c.correction != "none" else ""
            se = f"  {_value(pair.p_se):>{P_WIDTH}}" if sampled else ""
            out.write(f"  {names}  {_value(pair.diff):>{DIGITS + 4}}  {interval:<{2 * DIGITS + 10}}  "
                      f"{_p(pair.p):>{P_WIDTH}}{se}  {p_adj:>{P_WIDTH}}  {_value(pair.effect_size):>{DIGITS + 3}}"
                      f"{'  *' if pair.significant else ''}\n")
        if sampled:
            trials = sorted({pair.details["trials"] for pair in c.pairs})
            what = "sign flips" if c.test == "randomization" else "permutations"
            out.write(f"  ±SE: Monte Carlo standard error of p ({', '.join(f'{t:,}' for t in trials)} random {what}); "
                      "p ± 2 SE holding alpha: raise --trials\n")
        elif c.test in RANDOMISED and c.pairs:
            out.write("  p: exact, every assignment enumerated (no Monte Carlo error)\n")
        for pair in c.pairs:
            if pair.warning:
                out.write(f"  warning: {pair.b} − {pair.a}: {pair.warning}\n")
    if comparisons:
        out.write(f"\n* significant: {method_words(comparisons[0])}\n")


def _markdown_cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("*", "\\*").replace("_", "\\_")


def _paper_rows(comparisons: Sequence[Comparison], bold: str, superscript: str):
    """A paper table's rows: (the run's letter, the run, a cell per measure), the mean written ``bold.format(mean)``
    when it is the measure's best, followed by ``superscript.format(letters)`` of the runs it is significantly better
    than."""
    runs = comparisons[0].runs
    label = letters(runs)
    marks = [better_than(c) for c in comparisons]
    best = [_best(c) for c in comparisons]
    for run in runs:
        cells = []
        for c, mark, top in zip(comparisons, marks, best):
            value = _value(c.means[run])
            cell = bold.format(value) if run in top else value
            if mark[run]:
                cell += superscript.format("".join(label[loser] for loser in mark[run]))
            cells.append(cell)
        yield label[run], run, cells


def write_markdown(comparisons: Sequence[Comparison], out) -> None:
    """A Markdown table: a row per run, a column per measure, best bold, superscript letters, a footnote."""
    out.write("| | run | " + " | ".join(_markdown_cell(c.measure) for c in comparisons) + " |\n")
    out.write("|---|---|" + "---:|" * len(comparisons) + "\n")
    for letter, run, cells in _paper_rows(comparisons, "**{}**", "<sup>{}</sup>"):
        out.write(f"| {letter} | {_markdown_cell(run)} | " + " | ".join(cells) + " |\n")
    out.write("\n" + _footnote(comparisons) + "\n")


def _latex_text(text: str) -> str:
    special = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
               "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}", "−": "--",
               "–": "--", "≤": r"$\le$", "α": r"$\alpha$"}
    return "".join(special.get(char, char) for char in text)


def write_latex(comparisons: Sequence[Comparison], out) -> None:
    """A LaTeX ``table`` (plain ``tabular``, no package needed): best bold, superscript letters, a note below."""
    out.write("\\begin{table}[t]\n\\centering\n")
    out.write("\\begin{tabular}{ll" + "r" * len(comparisons) + "}\n\\hline\n")
    out.write(" & Run & " + " & ".join(_latex_text(c.measure) for c in comparisons) + " \\\\\n\\hline\n")
    for letter, run, cells in _paper_rows(comparisons, "\\textbf{{{}}}", "$^{{\\mathrm{{{}}}}}$"):
        out.write(f"{letter} & {_latex_text(run)} & " + " & ".join(cells) + " \\\\\n")
    out.write("\\hline\n\\end{tabular}\n\\par\\smallskip\n")
    out.write("\\parbox{0.9\\linewidth}{\\footnotesize " + _latex_text(_footnote(comparisons)) + "}\n")
    out.write("\\end{table}\n")


WRITERS = {"text": write_text, "json": write_json, "markdown": write_markdown, "latex": write_latex, "csv": write_csv}
