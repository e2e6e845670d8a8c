"""The choices of ``metrics.conventions`` in the reader's language.

``metrics.conventions.describe_choice`` words every choice of a library's convention in English,
some with a value inside ("relevant when grade ≥ 2", "reports rounded to 4 decimals"). A
Chinese sentence puts the value elsewhere, so the text of the settings beyond ``CHOICES`` is
kept here as templates keyed by ``(setting, kind of value)``, with the value as ``{value}``:
in English they give exactly ``describe_choice``'s text (a test checks), in Chinese the
catalogue's. The texts of ``CHOICES`` (gain, ideal ordering, AP denominator, ties) are looked up
as they are.
"""

from __future__ import annotations

from metrics.conventions import CHOICE_LABELS, CHOICES, describe_choice
from metrics.explanation import num
from ui.i18n import N_, t

#: ``(setting, kind)`` -> the English text of ``describe_choice``, the value as ``{value}``
SETTING_TEXT: dict[tuple[str, str], str] = {
    ("threshold", "number"): N_("relevant when grade ≥ {value}"),
    ("rr_cutoff", "yes"): N_("RR@k: a first hit below rank k scores 0"),
    ("rr_cutoff", "no"): N_("RR: no cut-off"),
    ("ap_cutoff", "yes"): N_("AP stops at rank k"),
    ("ap_cutoff", "no"): N_("AP over the whole list (no k)"),
    ("truncate_grades", "yes"): N_("real grades truncated to integers (0.9 → 0)"),
    ("truncate_grades", "no"): N_("grades used as given"),
    ("nonpositive_scores_irrelevant", "yes"): N_("items scored ≤ 0 never count as relevant"),
    ("nonpositive_scores_irrelevant", "no"): N_("scores only order the list"),
    ("recall_pool", "yes"): N_("R counts relevant judged items outside the list too"),
    ("recall_pool", "no"): N_("R counts only the relevant items in the list"),
    ("nan_when_no_relevant", "measures"): N_("{value} is NaN when no item is relevant"),
    ("nan_when_no_relevant", "none"): N_("no relevant item: 0"),
    ("decimals", "number"): N_("reports rounded to {value} decimals"),
    ("decimals", "none"): N_("full precision"),
}

def kind(setting: str, value) -> str:
    """Which template of :data:`SETTING_TEXT` words ``value``."""
    if setting == "threshold":
        return "number"
    if setting == "nan_when_no_relevant":
        return "measures" if value else "none"
    if setting == "decimals":
        return "none" if value is None else "number"
    return "yes" if value else "no"


def _value(setting: str, value) -> str:
    if setting == "threshold":
        return num(value)
    if setting == "nan_when_no_relevant":
        return ", ".join(value)
    return str(value)


def choice_text(setting: str, value) -> str:
    """``describe_choice(setting, value)`` in the reader's language."""
    if setting in CHOICES:
        return t(describe_choice(setting, value))
    return t(SETTING_TEXT[(setting, kind(setting, value))]).format(value=_value(setting, value))


def choice_label(setting: str) -> str:
    """The short label of a choice (``CHOICE_LABELS``) in the reader's language."""
    return t(CHOICE_LABELS[setting])


def options_text(setting: str) -> str:
    """The options of a choice of ``CHOICES`` and what each means, in the reader's language:
    "`linear`: gain = rel; `exponential`: ..."."""
    return t("; ").join(t("`{option}`: {meaning}").format(option=option, meaning=t(meaning))
                        for option, meaning in CHOICES[setting].items())
