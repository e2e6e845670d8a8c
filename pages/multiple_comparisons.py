"""Multiple comparisons, taught: 10 or 20 copies of one system plus noise, every pair tested; how many come out
"significant" with no correction, Bonferroni, Holm, BH and Tukey's HSD; many families simulated live (the family-wise
error rate and the false discovery rate); then what an effect size and an interval add. One stage a step
(ui.teaching.pacing): nothing of a later stage is shown before it."""

import streamlit as st

from ui.classroom.lessons.links import lesson_links
from ui.i18n import N_, t
from ui.session import state
from ui.teaching import pacing
from ui.topics import multiple_comparisons as mc

PAGE = "multiple_comparisons"
ALPHA = 0.05
STAGES = [N_("Identical systems"), N_("Every pair tested"), N_("Corrections"), N_("Many families"),
          N_("Effect sizes and intervals")]
UNIT = N_("stage")

st.title(t("Multiple comparisons — why many tests need a correction"))
lesson_links("multiple_comparisons")  # the lessons that walk through this page
controls = st.columns([1.2, 2, 1.2])
k = controls[0].segmented_control(t("Systems"), (10, 20), default=10, key=state.page_key(PAGE, "k")) or 10
n = controls[1].slider(t("Queries"), 10, 50, 25, 5, key=state.page_key(PAGE, "n"))
seed = controls[2].number_input(t("Seed"), 0, 10_000, 0, key=state.page_key(PAGE, "seed"))
m = k * (k - 1) // 2

pace = pacing.begin(PAGE, len(STAGES))
pacing.step_bar(PAGE, pace, unit=UNIT, text_size=False)
stage = pace.step
box = st.container(key="multiple_comparisons_stage")  # the stage: its name, text, numbers and chart
box.subheader(t(STAGES[stage - 1]))
x, found = mc.family(k, n, seed)

if stage == 1:
    left, right = box.columns([1, 1.4])
    left.markdown(t("**{k} systems, all the same.** Each scores query difficulty + random noise on {n} queries: no "
                  "system is better than another. Yet their means differ — by chance alone.").format(k=k, n=n))
    spread = x.mean(axis=0)
    left.metric(t("Largest − smallest mean"), f"{spread.max() - spread.min():.4f}")
    with right:
        st.plotly_chart(mc.means_chart(x), width="stretch", key=state.page_key(PAGE, "means"))
elif stage == 2:
    p = mc.p_values(k, n, seed)
    count = int(found["none"].sum())
    left, right = box.columns([1, 1.4])
    left.markdown(t("**{m} pairs**: {k} systems give k(k − 1)/2 = {m} paired t-tests. Each one, at α = {alpha}, "
                    "calls a difference of two equal systems \"significant\" {percent} of the time. With {m} chances, about "
                    "{expected} false alarms are expected.").format(m=m, k=k, alpha=ALPHA, percent=f"{ALPHA:.0%}",
                                                                   expected=f"{ALPHA * m:.1f}"))
    left.metric(t("“Significant” with no correction"), f"{count} / {m}")
    with right:
        st.plotly_chart(mc.p_matrix(k, p, ALPHA), width="stretch", key=state.page_key(PAGE, "p"))
elif stage == 3:
    left, right = box.columns([1, 1.3])
    left.markdown(t("- **Bonferroni**: each p times m = {m} (α/m = {bonf} per test).\n"
                    "- **Holm**: the smallest p times m, the next times m − 1, …; never fewer finds than Bonferroni.\n"
                    "- **Benjamini–Hochberg**: controls the share of false finds among the finds (FDR), not the "
                    "chance of any.\n"
                    "- **Tukey's HSD**: one yardstick for all pairs, from the spread of the largest minus the "
                    "smallest of {k} means.").format(m=m, bonf=f"{ALPHA / m:.5f}", k=k))
    with right:
        st.plotly_chart(mc.counts_chart(found, m), width="stretch", key=state.page_key(PAGE, "counts"))
elif stage == 4:
    r = mc.many_families(k, n, seed)
    left, right = box.columns([1, 1.4])
    left.markdown(t("**{families} families**, each {k} identical systems on {n} queries (seed {seed}). The "
                    "family-wise error rate is the share of families with at least one false alarm. Here every "
                    "find is false, so the false discovery rate is the same number.").format(
                        families=r.families, k=k, n=n, seed=seed))
    rates = left.columns(2)  # side by side: the caption below them stays on a 1280×720 screen
    rates[0].metric(t("FWER, no correction"), f"{r.fwer['none']:.3f}")
    rates[1].metric(t("FWER, Holm"), f"{r.fwer['holm']:.3f}")
    left.caption(t("Independent tests would give 1 − (1 − α)^m = {value}; the pairs share systems, so fewer.").format(
        value=f"{1 - (1 - ALPHA) ** m:.3f}"))
    with right:
        st.plotly_chart(mc.rates_chart(r), width="stretch", key=state.page_key(PAGE, "rates"))
else:
    c = mc.compared(k, n, seed)
    top, widest = mc.telling_pairs(c)
    left, right = box.columns([1, 1.3])
    left.markdown(t("**The largest difference of the family**, {b} − {a} = {diff}: p = {p}, Holm-adjusted {p_adj}. "
                    "Its effect size d_z = {d} (the mean difference in standard deviations of the per-query "
                    "differences) and its interval [{low}, {high}] say how large it is, and how unsure.").format(
                        b=top.b, a=top.a, diff=f"{top.diff:+.4f}", p=f"{top.p:.4f}", p_adj=f"{top.p_adjusted:.4f}",
                        d=f"{top.effect_size:+.2f}", low=f"{top.ci[0]:+.4f}", high=f"{top.ci[1]:+.4f}"))
    if widest is not None:
        left.markdown(t("**\"Not significant\" is not \"the same\".** {b} − {a} is not significant, yet its interval "
                        "[{low}, {high}] holds differences as large as {largest}: a real difference of that size could "
                        "look just like this with {n} queries. Only more queries narrow it.").format(
                            b=widest.b, a=widest.a, low=f"{widest.ci[0]:+.4f}", high=f"{widest.ci[1]:+.4f}",
                            largest=f"{max(abs(widest.ci[0]), abs(widest.ci[1])):.4f}", n=n))
    shown = [top] + ([widest] if widest is not None else [])
    with right:
        st.plotly_chart(mc.intervals_chart(c, shown), width="stretch", key=state.page_key(PAGE, "intervals"))

st.caption(t("Scores: query difficulty U(0.2, 0.8) + noise N(0, 0.15²), clipped to [0, 1] "
             "(metrics.statistics.simulation); α = {alpha}. Compare real runs on the Many systems page.").format(
                 alpha=ALPHA))
