"""Landing page: what the lab does, where to start, and what the source articles got wrong."""

import pandas as pd
import streamlit as st

from metrics.articles import VERDICT_MEANING, findings

st.title("Ranking Metrics Lab · 排序指标实验室")
st.markdown(
    "See **how** ranking metrics are computed, step by step, on rankings you make: drag items into "
    "a ranking, change their relevance grades, and watch nDCG, AP, RR, precision and recall change "
    "rank by rank — with the formula and your numbers filled in.\n\n"
    "拖动条目排序、修改相关性等级,逐步观察 NDCG(归一化折损累计增益)、AP/MAP(平均精度均值)、"
    "RR/MRR(平均倒数排名)、精确率与召回率如何一步步算出来。")

st.subheader("Where to start")
left, right = st.columns(2)
with left:
    st.page_link("pages/ndcg.py", label="nDCG: G → CG → DCG → IDCG → nDCG", icon=":material/stacked_bar_chart:")
    st.page_link("pages/ap.py", label="AP / MAP: the precision at each hit", icon=":material/percent:")
    st.page_link("pages/rr.py", label="RR / MRR: the rank of the first hit", icon=":material/looks_one:")
    st.page_link("pages/cutoff.py", label="Precision, recall, F1, hit rate @K", icon=":material/filter_list:")
    st.page_link("pages/roc.py", label="ROC curve and AUC", icon=":material/show_chart:")
with right:
    st.page_link("pages/upload.py", label="Upload TREC / CSV / JSON lists, many queries",
                 icon=":material/upload_file:")
    st.page_link("pages/beyond.py", label="Coverage and intra-list diversity", icon=":material/diversity_3:")
    st.page_link("pages/compare.py", label="Compare two rankings", icon=":material/compare_arrows:")
    st.page_link("pages/conventions.py", label="Why does my library give another number?", icon=":material/rule:")
st.caption("Every page shares one ranking: the builder at the top of each explainer page loads the "
           "articles' examples and teaching cases, and your changes follow you from page to page.")

st.subheader("The source articles, checked")
rows = [{"article example": f.example, "quantity": f.quantity,
         "article says": "—" if f.claimed is None else str(f.claimed), "exact": f"{f.correct:.4f}",
         "verdict": f.verdict, "why": f.why_en} for f in findings()]
table = pd.DataFrame(rows)
problems = table[table["verdict"].isin(["wrong", "rounded", "wrong method", "code fails"])]
st.markdown(f"{len(table)} numbers of the articles checked: **{len(problems)}** differ from the exact "
            f"value or come from code that fails. The rest agree or were not printed.")
for row in problems.itertuples():
    st.markdown(f"**{row[1]} · {row.quantity}** — article: {row[3]}, exact: **{row.exact}** "
                f"(*{row.verdict}*)  \n{row.why}")
with st.expander("What the verdicts mean, and every checked number"):
    st.table(pd.DataFrame({"verdict": list(VERDICT_MEANING), "meaning": list(VERDICT_MEANING.values())}))
    st.dataframe(table, hide_index=True, width="stretch",
                 column_config={"why": st.column_config.TextColumn("why", width="large")})
