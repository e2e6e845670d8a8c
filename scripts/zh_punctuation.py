"""Give the Chinese strings of the catalogues (.po) and of Python files Chinese punctuation: ASCII , : ; ? ! ( ) in or next to
Chinese text become ，：；？！（）, without the spaces around them. Code spans, $math$,
{placeholders}, URLs and calls such as log2(i + 1) or AP(rel=2) keep theirs (a Chinese gloss after a
name does not: NDCG（归一化折损累计增益）); module docstrings are
left alone. tests/ui/i18n/test_i18n.py checks the catalogue (ui/locale/zh/) follows the rule.

Usage: ``python scripts/zh_punctuation.py [file.po|file.py ...]`` (rewrites the files in place, prints the
number of translations or string literals changed in each; without files: every catalogue of ui/locale/).
"""
import io
import re
import sys
import tokenize

CJK = re.compile(r"[\u3400-\u9fff]")
FULL = {",": "，", ":": "：", ";": "；", "?": "？", "!": "！"}
CJKISH = re.compile(r"[\u3400-\u9fff\u3000-\u303f\uff00-\uffef“”]")


def protected(text):
    """Spans not to touch: `code`, $math$, {placeholders} (nested: {{query: {{item: grade}}}}), URLs,
    :material/x:, a quoted mark (':')."""
    spans = []
    for m in re.finditer(r"`[^`]*`|\$[^$]*\$|https?://\S+|:material/\w+:|\\[a-zA-Z]+|'[,;:?!()]'", text):
        spans.append((m.start(), m.end()))
    depth = start = 0
    for i, c in enumerate(text):
        if c == "{":
            start = i if depth == 0 else start
            depth += 1
        elif c == "}" and depth:
            depth -= 1
            if depth == 0:
                spans.append((start, i + 1))
    return spans


def inside(i, spans):
    return any(a <= i < b for a, b in spans)


def convert(text):
    if not CJK.search(text):
        return text
    spans = protected(text)
    chars = list(text)
    n = len(chars)

    def neighbour(i, step):
        j = i + step
        while 0 <= j < n and chars[j] == " ":
            j += step
        return chars[j] if 0 <= j < n else ""

    # parentheses, by pairs
    stack = []
    pairs = []
    for i, c in enumerate(chars):
        if inside(i, spans):
            continue
        if c == "(":
            stack.append(i)
        elif c == ")" and stack:
            pairs.append((stack.pop(), i))
    for a, b in pairs:
        content = text[a + 1:b]
        before = neighbour(a, -1)
        after = neighbour(b, 1)
        if re.search(r"[A-Za-z_][A-Za-z0-9_]*$", text[:a]) and (
                not CJK.search(content) or re.search(r"\b(?:log\d*|ln|min|max)$", text[:a])):
            continue  # a call: log2(i + 1), log2(名次 + 1), AP(rel=2); not a gloss: NDCG(归一化折损累计增益)
        if CJK.search(content) or CJKISH.match(before or "x"):
            chars[a], chars[b] = "（", "）"
    for i, c in enumerate(chars):
        if c in FULL and not inside(i, spans):
            before, after = neighbour(i, -1), neighbour(i, 1)
            if c == ":" and (after == "/" or (before.isdigit() and after.isdigit())):
                continue
            if c in ",;" and before.isdigit() and after.isdigit():
                continue
            if CJKISH.match(before or "x") or CJKISH.match(after or "x") or (c == ":" and CJK.search(text[:i])):
                chars[i] = FULL[c]
    return "".join(chars)


def tidy(text):
    """No spaces around full-width punctuation."""
    return re.sub(r" *([，：；？！（）]) *", lambda m: m.group(1), text)


#: full-width punctuation, which takes no space on either side (also across Markdown's ** and * markers)
FULL_WIDTH = "，：；？！（）。、“”《》"
SPACE_AT_PUNCTUATION = re.compile(rf"[{FULL_WIDTH}][*_]*[ \u00a0\u3000]+|[ \u00a0\u3000]+[*_]*[{FULL_WIDTH}]")
SPACE_IN_CHINESE = re.compile(r"[\u3400-\u9fff][*_]*[ \u00a0\u3000]+[*_]*[\u3400-\u9fff]")
#: one Chinese word for one thing: the first is used, the others are not
ONE_WORD = {"精确值": ("准确值",)}


def spacing_problems(text):
    """Where ``text`` (Chinese) has a space next to full-width punctuation, or between two Chinese characters
    (outside quoted 'examples' and `code`): the excerpts, an empty list when there is none. The words of
    :data:`ONE_WORD` that are not the one used count as problems too.

    >>> spacing_problems("**不太对：** 你的答案"), spacing_problems("除以 找到的"), spacing_problems("除以 R = 4")
    (['：** '], ['以 找'], [])
    >>> spacing_problems("应为 '条目 等级'"), spacing_problems("准确值")
    ([], ['准确值 (精确值)'])
    """
    plain = re.sub(r"'[^'\n]*'|`[^`]*`", "''", text)
    found = [m.group(0) for m in SPACE_AT_PUNCTUATION.finditer(plain)]
    found += [m.group(0) for m in SPACE_IN_CHINESE.finditer(plain)]
    found += [f"{other} ({word})" for word, others in ONE_WORD.items() for other in others if other in plain]
    return found


def fix_source(path):
    src = open(path, encoding="utf-8").read()
    tokens = list(tokenize.generate_tokens(io.StringIO(src).readline))
    lines = src.splitlines(keepends=True)
    edits = []
    first = next(t for t in tokens if t.type not in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE))
    groups, current = [], []
    for tok in tokens:
        if tok.type == tokenize.STRING and tok is not first:
            current.append(tok)
        elif tok.type in (tokenize.NL, tokenize.COMMENT) and current:
            continue
        else:
            if current:
                groups.append(current)
            current = []
    edits = []
    for group in groups:
        parts = []
        for tok in group:
            m = re.match(r"([rRbBuU]*)('\'\'|\"\"\"|'|\")(.*)\2$", tok.string, re.S)
            parts.append(m)
        if any(m is None for m in parts):
            continue
        joined = "".join(m.group(3) for m in parts)
        if not CJK.search(joined):
            continue
        converted = convert(joined)
        position = 0
        for tok, m in zip(group, parts):
            body = converted[position:position + len(m.group(3))]
            position += len(m.group(3))
            new = m.group(1) + m.group(2) + tidy(body) + m.group(2)
            if new != tok.string:
                edits.append((tok.start, tok.end, new))
    if not edits:
        return 0
    # apply from the end
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    for (sr, sc), (er, ec), new in reversed(edits):
        a, b = offsets[sr - 1] + sc, offsets[er - 1] + ec
        src = src[:a] + new + src[b:]
    open(path, "w", encoding="utf-8").write(src)
    return len(edits)


def fix_po(path):
    """Chinese punctuation in every translation of the catalogue ``path``; the number of entries changed."""
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from babel.messages.pofile import read_po
    from i18n import _po_bytes

    with open(path, "rb") as source:
        catalog = read_po(source)
    changed = 0
    for message in catalog:
        if not message.id or not message.string:
            continue
        if isinstance(message.string, tuple):
            new = tuple(tidy(convert(s)) if CJK.search(s) else s for s in message.string)
        else:
            new = tidy(convert(message.string)) if CJK.search(message.string) else message.string
        if new != message.string:
            message.string = new
            changed += 1
    if changed:
        Path(path).write_bytes(_po_bytes(catalog))
    return changed


if __name__ == "__main__":
    from pathlib import Path

    paths = sys.argv[1:] or sorted(map(str, (Path(__file__).resolve().parents[1] / "ui" / "locale").glob("*/LC_MESSAGES/*.po")))
    for p in paths:
        print(p, fix_po(p) if p.endswith(".po") else fix_source(p))
