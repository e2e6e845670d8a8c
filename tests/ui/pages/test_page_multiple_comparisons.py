"""AppTest checks of the "Multiple comparisons" page (pages/multiple_comparisons.py): one stage a step, nothing of a
later stage before it; the numbers are metrics.statistics.simulation's; 中文 has no English sentence left."""

from __future__ import annotations

import pytest

from metrics.statistics import simulation as sim
from tests.apptest_helpers import metric, open_page
from tests.visible_text import untranslated

pytestmark = pytest.mark.slow  # AppTest runs: the full run's tier

PAGE = "pages/multiple_comparisons.py"
NEXT = "multiple_comparisons__step_next"
NEUTRAL = {"bonferroni", "holm", "benjamini", "hochberg", "tukey", "hsd", "fwer", "fdr", "d_z", "u", "s", "m"}  # m: the number of pairs in a formula


def _ok(at):
    assert not at.exception, [e.message for e in at.exception]
    return at


def _next(at):
    at.button(key=NEXT).click().run()
    return _ok(at)


def _charts(at) -> list[dict]:
    import json

    return [json.loads(c.proto.spec) for c in at.get("plotly_chart")]


@pytest.mark.parametrize("k, n, seed", [(10, 25, 0), (20, 15, 3)])
def test_stages_show_the_simulations_numbers(app_test, k, n, seed):
    at = open_page(app_test, PAGE, all_steps=False)
    if k != 10:
        at.segmented_control(key="multiple_comparisons__k").set_value(k).run()
    at.slider(key="multiple_comparisons__n").set_value(n).run()
    at.number_input(key="multiple_comparisons__seed").set_value(seed).run()
    _ok(at)
    m = k * (k - 1) // 2
    x = sim.scores(k, n, seed)[0]
    found = sim.rejections(x)
    # stage 1: the means only; no test, no count yet
    means = x.mean(axis=0)
    assert metric(at, "Largest − smallest mean") == f"{means.max() - means.min():.4f}"
    [chart] = _charts(at)
    assert chart["data"][0]["y"] == pytest.approx(means.tolist())
    assert not any("significant" in m.label.lower() or "FWER" in m.label for m in at.metric)
    # stage 2: every pair, no correction
    at = _next(at)
    assert metric(at, "“Significant” with no correction") == f"{int(found['none'].sum())} / {m}"
    assert not any("FWER" in m.label for m in at.metric)
    # stage 3: the corrections' counts on this family
    at = _next(at)
    [chart] = _charts(at)
    assert chart["data"][0]["y"] == [int(found[method].sum()) for method in sim.METHODS]
    # stage 4: many families
    at = _next(at)
    r = sim.simulate(k=k, n=n, families=200, seed=seed)
    assert metric(at, "FWER, no correction") == f"{r.fwer['none']:.3f}"
    assert metric(at, "FWER, Holm") == f"{r.fwer['holm']:.3f}"
    [chart] = _charts(at)
    assert chart["data"][0]["y"] == pytest.approx([r.fwer[method] for method in sim.METHODS])
    # stage 5: effect size and interval; "not significant" is not "the same"
    at = _next(at)
    texts = " ".join(md.value for md in at.markdown)
    assert "Its effect size d_z" in texts and "is not \"the same\"" in texts
    assert at.button(key=NEXT).disabled


def test_chinese_every_stage(app_test):
    at = open_page(app_test, PAGE, language="zh", all_steps=False)
    for stage in range(5):
        problems = untranslated(at, NEUTRAL | {f"S{j}" for j in range(1, 11)})
        assert not problems, f"stage {stage + 1}:\n" + "\n".join(problems)
        if stage < 4:
            at = _next(at)
