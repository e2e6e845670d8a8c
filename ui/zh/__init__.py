"""简体中文 translations of the UI strings, keyed by the English text (see ``ui/i18n/__init__.py``).

One module per part of the app, so each part's strings sit together; :data:`ZH` merges them and
refuses two different translations of the same English text (one term, one translation).
Terminology follows the source articles: 归一化折损累计增益 (nDCG), 折损累计增益 (DCG),
平均精度 / 平均精度均值 (AP / MAP), 倒数排名 / 平均倒数排名 (RR / MRR), 精确率 (precision),
召回率 (recall), 命中率 (hit rate), 相关性等级 (relevance grade), 增益 (gain), 折损 (discount),
理想排序 (ideal ordering), 截断位置 K (cut-off).
"""

from ui.zh import builder, common, compare, data, errors, explainers, learn, lecture, live, measures, robust


def N_(text: str) -> str:
    """Mark English ``text`` for translation without translating it yet (gettext's ``N_``): for
    strings defined at import time, translated with ``ui.i18n.t(text)`` where they are shown. Here,
    with the catalogue, so that modules without Streamlit (ui.model.board, ui.model.presets) can use it."""
    return text


PARTS = {"common": common.ZH, "builder": builder.ZH, "explainers": explainers.ZH, "data": data.ZH,
         "compare": compare.ZH, "learn": learn.ZH, "lecture": lecture.ZH,
         "errors": errors.ZH, "robust": robust.ZH, "measures": measures.ZH, "live": live.ZH}


def merge(parts: dict[str, dict[str, str]]) -> dict[str, str]:
    """One catalogue; the same English text must not be translated two ways."""
    merged: dict[str, str] = {}
    for part, entries in parts.items():
        for english, chinese in entries.items():
            if merged.get(english, chinese) != chinese:
                raise ValueError(f"ui/zh/{part}.py translates {english!r} as {chinese!r}, "
                                 f"another part as {merged[english]!r}")
            merged[english] = chinese
    return merged


ZH: dict[str, str] = merge(PARTS)
