"""One-off: the Python dicts of ui/zh/ to ui/locale/ (runtime.pot, messages.pot, zh/LC_MESSAGES/messages.po)."""

import ast
import io
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.pofile import write_po  # noqa: E402

import i18n  # noqa: E402
from ui.locale import po_file  # noqa: E402
from ui.zh import PARTS, ZH  # noqa: E402


def areas(part):
    """English -> the area comment above it in ui/zh/<part>.py."""
    path = ROOT / "ui" / "zh" / f"{part}.py"
    lines = path.read_text(encoding="utf-8").splitlines()
    tree = ast.parse("\n".join(lines))
    found = {}
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Dict):
            previous_end = node.value.lineno
            area = ""
            for key in node.value.keys:
                block = []
                for line in lines[previous_end:key.lineno - 1]:
                    stripped = line.strip()
                    if stripped.startswith("#"):
                        text = re.sub(r"^[#\s]*-*\s*", "", stripped).strip()
                        if text:
                            block.append(text)
                    elif stripped and block:
                        block = block  # a line of code between comments: keep the comment
                if block:
                    area = " ".join(block)
                found[ast.literal_eval(key)] = area
                previous_end = node.value.values[node.value.keys.index(key)].end_lineno
    return found


def main():
    i18n.RUNTIME.write_bytes(b"")
    code = {m.id for m in i18n.template() if m.id}
    runtime = Catalog(project="Ranking Metrics Lab", domain="runtime", charset="utf-8",
                      header_comment="# Strings the app shows that are not literals in its code (templates and table\n"
                                     "# headers of metrics, sample data), for scripts/i18n.py extract: each entry's\n"
                                     "# comment says where it comes from. Add a string here when the app translates it\n"
                                     "# with t(variable) and no t(\"...\") or N_(\"...\") in the code names it.")
    for part in PARTS:
        where = areas(part)
        for english in PARTS[part]:
            if english not in code and english not in runtime:
                comment = where.get(english) or f"ui/zh/{part}.py"
                runtime.add(english, None, auto_comments=[comment])
    i18n.RUNTIME.write_bytes(i18n._po_bytes(runtime))
    i18n.extract()
    template = i18n.template()
    po = Catalog(locale="zh_CN", project="Ranking Metrics Lab", domain="messages", charset="utf-8",
                 language_team="简体中文", fuzzy=False, last_translator="Ranking Metrics Lab maintainers",
                 revision_date=__import__("datetime").datetime.now(__import__("datetime").timezone.utc), header_comment="# 简体中文 translation of Ranking Metrics Lab.\n"
                 "# Terminology follows the source articles: 归一化折损累计增益 (nDCG), 折损累计增益 (DCG),\n"
                 "# 平均精度 / 平均精度均值 (AP / MAP), 倒数排名 / 平均倒数排名 (RR / MRR), 精确率 (precision),\n"
                 "# 召回率 (recall), 命中率 (hit rate), 相关性等级 (relevance grade), 增益 (gain), 折损 (discount),\n"
                 "# 理想排序 (ideal ordering), 截断位置 K (cut-off). Full-width punctuation (，：；（）), no space\n"
                 "# around Chinese punctuation.")
    missing = []
    for message in template:
        if not message.id:
            continue
        if message.context == "language name":
            string = "中文"
        elif isinstance(message.id, str) and message.context is None:
            string = ZH.get(message.id)
        else:
            string = None
        if string is None:
            missing.append((message.context, message.id))
        po.add(message.id, string or "", message.locations, auto_comments=message.auto_comments,
               context=message.context)
    path = po_file("zh")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(i18n._po_bytes(po))
    print(len(ZH), "dict entries;", len(code), "in the code;", len(runtime), "runtime;", len(po), "in the .po")
    print("untranslated:", missing)


main()
