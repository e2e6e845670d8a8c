"""Landing page: what the lab is about. Pages show results; they never compute metrics."""

import streamlit as st

st.title("Ranking Metrics Lab")

st.markdown(
    "The Ranking Metrics Lab is an interactive classroom companion for the measures used to "
    "evaluate search engines and recommender systems: NDCG, average precision (MAP), "
    "reciprocal rank (MRR), precision, recall, F1 and success at k. You will reorder a ranked "
    "list by dragging its items, change the relevance grades, and watch every measure update "
    "step by step, with each gain, discount and normalisation shown; you will also be able to "
    "upload your own TREC run and qrels files and evaluate them."
)

st.markdown(
    "排序指标实验室是一个用于课堂教学的交互式工具，讲解评估搜索引擎和推荐系统所用的指标："
    "NDCG、平均精度（MAP）、倒数排名（MRR）、精确率、召回率、F1 以及前 k 命中率。"
    "你可以拖动条目来调整排序列表、修改相关性等级，并逐步观察每个指标如何变化，"
    "每一步的增益、折扣与归一化都会展示出来；你还可以上传自己的 TREC 运行文件和相关性判断（qrels）文件进行评估。"
)

st.info(
    "The explainer pages are coming soon. · 指标讲解页面即将推出。",
    icon=":material/construction:",
)
