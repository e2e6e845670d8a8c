"""Sentences of ``metrics`` are messages (a template and its fields, metrics.messages), translated by their template:
every template the quiz, the presenter and the worked examples (their notes, their formulas' ``\\text{}`` phrases)
build has a Chinese entry (fast: no page opened), and no module of ``ui/i18n`` reads English back with regular
expressions (issue 33)."""

from __future__ import annotations

import ast
import string
from functools import cache
from pathlib import Path

import pytest

from metrics import ap_steps, f1_steps, hit_rate_steps, ndcg_steps, precision_steps, recall_steps, rr_steps
from metrics.measures import registry
from metrics.measures.names import parse_measure
from metrics.messages import Composed, Message, Phrase
from metrics.teaching import quiz
from metrics.teaching.explain import EXPLAINERS, explain
from metrics.teaching.handout import presenter_steps
from ui.i18n import sentences
from ui.i18n.sentences import _localize
from ui.locale import translation

ROOT = Path(__file__).resolve().parents[3]
ZH = translation("zh")


def messages(value):
    """``value`` and every message among its fields, nested ones too."""
    if isinstance(value, Message):
        yield value
        for field in value.fields.values():
            yield from messages(field)


def quiz_messages():
    for seed in range(1, 9):
        for difficulty in quiz.DIFFICULTIES:
            for metric in quiz.QUIZ_METRICS:
                q = quiz.make_question(seed, difficulty, metric)
                yield q.prompt
                for mistake in quiz.BY_NAME.values():
                    if metric in mistake.metrics and mistake.value(q) is not None:
                        yield mistake.explain(q)
                        yield mistake.step(q).text
    yield quiz.NO_MATCH


def presenter_messages():
    for rels in ([3, 0, 2, 1], [0, 1, 0, 1, 1], [0, 0], [1]):
        for explanation in (ndcg_steps(rels, k=3, gain="exponential"), ap_steps(rels, n_relevant=sum(rels) and 3),
                            rr_steps(rels), precision_steps(rels, 2), recall_steps(rels, 2, n_relevant=3),
                            f1_steps(rels, 2, n_relevant=3)):
            yield from (step.what for step in presenter_steps(explanation) if isinstance(step.what, Message))


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


#: boards (grades, judged grades) that reach the notes: no relevant item, nothing to count, an unjudged item, K > n
BOARDS = (([3, 2, 0, 1], [3, 2, 1, 1, 0]), ([0, 0, 0], [0, 0, 0]), ([1, None, 0, 2], [2, 1, 0, 1]))
#: the parameters that change a formula or a note (the others: the measure's name as it is)
VARIANTS = {"nDCG": ("nDCG@3", "nDCG(gain=exp)@3"), "AP": ("AP@3", "AP(denom=found)@3", "AP(denom=min)@3"),
            "RR": ("RR", "RR@2"), "Judged": ("Judged@3", "Judged@10"), "IPrec": ("IPrec@0.5",),
            "RprecMult": ("RprecMult@1.5",)}


def explanations():
    """Every measure with a step table of its own (the registry's, the explainers') on :data:`BOARDS`."""
    for name, info in registry.REGISTRY.items():
        if info.inputs != "ranking" or info.steps is None or info.steps.over_queries:
            continue
        for variant in VARIANTS.get(name, (f"{name}@3" if info.cutoff == "required" else name,)):
            for grades, judged in BOARDS:
                yield registry.explain_measure(parse_measure(variant), grades, judged)
    for metric, spec in EXPLAINERS.items():
        cutoff = (0.5 if spec.fraction else 3) if spec.takes_k else None  # IPrec's is a recall level
        yield explain(metric, [grade or 0 for grade in BOARDS[0][0]], cutoff)


@cache
def worked_parts() -> tuple:
    """The parts of every formula and worked line (LaTeX and text, at every step) of :func:`explanations`."""
    texts = []
    for explanation in explanations():
        texts += [explanation.formula, explanation.worked_text]
        for step in range(1, len(explanation.table) + 1):
            texts += [*explanation.worked_lines(step), *explanation.worked_lines(step, fold=True, width=12),
                      explanation.worked_text_at(step)]
    return tuple(part for text in texts for part in (text.parts if isinstance(text, Composed) else (text,)))


def worked_messages():
    for part in worked_parts():
        if isinstance(part, (Message, Phrase)):
            yield part.message if isinstance(part, Phrase) else part


def test_every_phrase_of_a_formula_is_a_message():
    """No ``\\text{}`` is left in the plain LaTeX of a formula: each is a phrase, translated by its template."""
    plain = {part for part in worked_parts() if type(part) is str and "\\text{" in part}
    assert not plain, sorted(plain)


@pytest.mark.parametrize("source", [quiz_messages, presenter_messages, worked_messages],
                         ids=["quiz", "presenter", "worked"])
def test_every_message_template_has_chinese_with_the_same_fields(source):
    seen = set()
    for top in source():
        assert isinstance(top, Message), top
        for message in messages(top):
            if (message.template, message.plural) in seen:
                continue
            seen.add((message.template, message.plural))
            assert message == message.lead + (message.template if message.plural is None or
                                              message.fields[message.count] == 1 else message.plural).format(
                **message.fields)
            forms = ([ZH.gettext(message.template)] if message.plural is None
                     else [ZH.ngettext(message.template, message.plural, n) for n in (1, 2)])
            for chinese in forms:
                assert chinese not in (message.template, message.plural), f"no Chinese for {message.template!r}"
                assert fields(chinese) <= set(message.fields), (message.template, chinese)
    assert len(seen) > 10


def test_a_formula_and_its_notes_in_chinese(monkeypatch):
    monkeypatch.setattr(sentences, "language", lambda: "zh")
    monkeypatch.setattr(sentences, "t", ZH.gettext)
    monkeypatch.setattr(sentences, "nt", ZH.ngettext)
    assert sentences.tex(precision_steps([0, 1], 2).formula) == r"P@k = \frac{|\text{相关} \cap \text{前 }k\text{ 名}|}{k}"
    assert sentences.tex(ap_steps([1, 0], 2).formula).endswith(r"P@i = \frac{\text{前 }i\text{ 名中的命中数}}{i}")
    hit = hit_rate_steps([1, 1, 0], 3)
    assert sentences.tex(hit.worked).endswith(r"\quad \text{（前 3 名中有 2 个相关）}")
    assert sentences.localized(hit).worked_text.endswith("（前 3 名中有 2 个相关条目）")
    assert sentences.tex(ap_steps([0, 0], 2, denominator="found").worked_text).endswith(
        "[D = 找到的命中数 = 0]   （没有相关条目：AP 定义为 0）")


def test_a_message_composes_its_fields_in_chinese():
    q = quiz.build_question([0, 1, 0, 1], k=3, metric="nDCG@K", pool=[3])
    step = quiz.BY_NAME["ideal_from_list"].step(q).text
    chinese = _localize(step, ZH.gettext, ZH.ngettext)
    assert ZH.gettext("not retrieved") in chinese and ZH.gettext("sorting the retrieved list") in chinese, chinese
    assert str(step) == step  # the English text is the message itself


def test_no_module_of_ui_i18n_uses_regular_expressions():
    users = [path.relative_to(ROOT).as_posix() for path in sorted((ROOT / "ui" / "i18n").rglob("*.py"))
             if any(isinstance(node, (ast.Import, ast.ImportFrom)) and
                    ("re" in [alias.name for alias in node.names] if isinstance(node, ast.Import) else node.module == "re")
                    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))))]
    assert not users, users
