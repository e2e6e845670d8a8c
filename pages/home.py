"""Landing page: what the lab does, where to start, and what the source articles got wrong."""

import pandas as pd
import streamlit as st

from metrics.teaching.articles import VERDICT_MEANING, findings
from metrics.teaching.lessons import builtin_lessons
from ui.i18n import N_, headers, language, t
from ui.shell.page import end_page
from ui.shell.routes import page_file
from ui.topics import articles

st.title(t("Ranking Metrics Lab"))
st.markdown(t(
    "See **how** ranking metrics are computed, step by step, on rankings you make: drag items into "
    "a ranking, change their relevance grades, and watch nDCG, AP, RR, precision and recall change "
    "rank by rank — with the formula and your numbers filled in."))

st.subheader(t("Who are you?"))
learning, teaching, checking = st.columns(3)
with learning.container(border=True, key="home_path_learn"):
    st.markdown(t("**Learning alone**  \nFive short lessons, in order: predict each number first, then see the exact "
                  "value and, when yours differs, the mistake behind it."))
    st.page_link(page_file("lesson"), label=t("Start lesson 1"), icon=":material/school:",
                 query_params={"lesson": builtin_lessons()[0].id, "scene": "1", "mode": "learn"})
with teaching.container(border=True, key="home_path_teach"):
    st.markdown(t("**Teaching a class**  \nThe same lessons on a projector, one screen a scene, clicker and notes; "
                  "a live class lets students answer on their phones."))
    st.page_link(page_file("lesson"), label=t("Choose a lesson to teach"), icon=":material/co_present:")
    st.page_link(page_file("live"), label=t("Live class"), icon=":material/groups:")
with checking.container(border=True, key="home_path_check"):
    st.markdown(t("**Checking numbers**  \nUpload a run and its judgments, or find why your library prints "
                  "another number."))
    st.page_link(page_file("upload"), label=t("Upload & many queries"), icon=":material/upload_file:")
    st.page_link(page_file("conventions"), label=t("Library conventions"), icon=":material/rule:")

st.subheader(t("Where to start"))
LINKS = [  # (page, label, icon), two columns
    (page_file("ndcg"), N_("nDCG: G → CG → DCG → IDCG → nDCG"), ":material/stacked_bar_chart:"),
    (page_file("ap"), N_("AP / MAP: the precision at each hit"), ":material/percent:"),
    (page_file("rr"), N_("RR / MRR: the rank of the first hit"), ":material/looks_one:"),
    (page_file("cutoff"), N_("Precision, recall, F1, hit rate @K"), ":material/filter_list:"),
    (page_file("roc"), N_("ROC curve and AUC"), ":material/show_chart:"),
    (page_file("quiz"), N_("Quiz: compute it by hand, get your mistake diagnosed"), ":material/quiz:"),
    (page_file("upload"), N_("Upload TREC / CSV / JSON lists, many queries"), ":material/upload_file:"),
    (page_file("beyond"), N_("Coverage and intra-list diversity"), ":material/diversity_3:"),
    (page_file("compare"), N_("Compare two rankings"), ":material/compare_arrows:"),
    (page_file("conventions"), N_("Why does my library give another number?"), ":material/rule:"),
    (page_file("systems"), N_("Is system B really better than A?"), ":material/query_stats:"),
    (page_file("many_systems"), N_("Many systems: which differences are real?"), ":material/leaderboard:"),
    (page_file("multiple_comparisons"), N_("Why ten tests need a correction"), ":material/stacked_line_chart:"),
    (page_file("articles"), N_("The articles' worked examples, checked"), ":material/menu_book:"),
]
for column, half in zip(st.columns(2), (LINKS[:7], LINKS[7:])):
    for page, label, icon in half:
        column.page_link(page, label=t(label), icon=icon)
st.caption(t("Every page shares one ranking: the builder on the left of each explainer page loads the "
             "articles' examples and teaching cases, and your changes follow you from page to page."))

st.subheader(t("The source articles, checked"))
if articles.examples_missing():  # sample_data/article_examples.json could not be read at start-up
    end_page()
chinese = language() == "zh"
rows = [{N_("article example"): f.example, N_("quantity"): f.quantity,
         N_("article says"): "—" if f.claimed is None else str(f.claimed), "exact": f"{f.correct:.4f}",
         "verdict": f.verdict, "why": f.why_zh if chinese else f.why_en} for f in findings()]
table = pd.DataFrame(rows)
problems = table[table["verdict"].isin(["wrong", "rounded", "wrong method", "code fails"])]
st.markdown(t("{checked} numbers of the articles checked: **{differ}** differ from the exact value or come "
              "from code that fails. The rest agree or were not printed.").format(
    checked=len(table), differ=len(problems)))
for row in problems.itertuples():
    st.markdown(t("**{example} · {quantity}** — article: {claimed}, exact: **{exact}** (*{verdict}*)").format(
        example=row[1], quantity=row.quantity, claimed=row[3], exact=row.exact, verdict=t(row.verdict))
        + f"  \n{row.why}")
with st.expander(t("What the verdicts mean, and every checked number")):
    st.table(pd.DataFrame({t("verdict"): [t(v) for v in VERDICT_MEANING],
                           t("meaning"): [t(m) for m in VERDICT_MEANING.values()]}))
    st.dataframe(headers(table), hide_index=True, width="stretch",
                 column_config={t("why"): st.column_config.TextColumn(t("why"), width="large")})
