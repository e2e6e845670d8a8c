"""Parts of the lecture layout (ui.teaching.lecture) that need no Streamlit run: the step window's line above its
rows, and a general formula that a phone breaks between its definitions."""

from __future__ import annotations


def test_a_step_window_promises_the_whole_table_below_only_where_the_page_gives_it():
    """An explainer page gives the whole table under its step window; a lesson's scene and a follower's view do not,
    and their window says only how many rows are above."""
    import pandas as pd

    from ui.teaching import lecture

    table = pd.DataFrame({"rank": range(1, 13), "relevant": [True] * 12, "gain": [1.0] * 12})
    first = 12 - lecture.window_rows()
    assert lecture.window(table, 12)[-1] == f"⋯ ranks 1–{first} above (the whole table is below)"
    assert lecture.window(table, 12, whole_below=False)[-1] == f"⋯ ranks 1–{first} above"
    assert lecture.window(table, lecture.window_rows() + 1, unit="query", whole_below=False)[-1] == "⋯ row 1 above"
    assert lecture.window(table, lecture.window_rows())[-1] == ""


def test_a_general_formula_of_two_definitions_breaks_between_them_on_a_phone():
    """nDCG's "DCG@k = … \\qquad nDCG@k = …": each short definition a group (no break inside it), a break allowed
    after the \\qquad; a formula of one definition as it is."""
    from metrics import ndcg_steps
    from ui.teaching.lecture import definitions_apart

    formula = ndcg_steps([3, 2, 1], k=3).formula
    dcg, ndcg = formula.split(r"\qquad")
    assert definitions_apart(formula) == "{" + dcg.strip() + r"}\qquad\allowbreak {" + ndcg.strip() + "}"
    assert definitions_apart(r"\mathrm{RR} = \frac{1}{r}") == r"\mathrm{RR} = \frac{1}{r}"
