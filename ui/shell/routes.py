"""The app's pages, declared once: file, title, icon and navigation section of each, as absolute paths.

app.py's ``st.navigation``, every ``st.page_link`` and the live class's page switch read them here. The
paths are absolute (found from this package, not from the main script's folder), so the app runs the same
whichever script Streamlit was started with (``streamlit run app.py``, or the tests' entry script).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ui.locale import N_

#: the folder of the page scripts (the repository's ``pages/``)
PAGES_DIR = Path(__file__).resolve().parents[2] / "pages"
#: the entry script
ENTRY_SCRIPT = PAGES_DIR.parent / "app.py"


@dataclass(frozen=True)
class Route:
    """One page: its file's stem (also its URL path, home's is ""), its title and icon in the navigation."""

    name: str
    title: str
    icon: str

    @property
    def file(self) -> Path:
        return page_file(self.name)


#: navigation section -> its pages, in the order the top bar shows them (the first page is the default)
SECTIONS: dict[str, tuple[Route, ...]] = {
    N_("Start"): (
        Route("home", N_("Home"), ":material/home:"),
        Route("upload", N_("Upload & many queries"), ":material/upload_file:"),
    ),
    N_("Explain one ranking"): (
        Route("ndcg", N_("nDCG"), ":material/stacked_bar_chart:"),
        Route("ap", N_("AP / MAP"), ":material/percent:"),
        Route("rr", N_("RR / MRR"), ":material/looks_one:"),
        Route("cutoff", N_("P / R / F1 / Hit @K"), ":material/filter_list:"),
        Route("roc", N_("ROC / AUC"), ":material/show_chart:"),
        Route("beyond", N_("Beyond accuracy"), ":material/diversity_3:"),
        Route("more_measures", N_("More measures"), ":material/functions:"),
        Route("reader", N_("The reader behind the metric"), ":material/person_search:"),
        Route("diversity", N_("Diversity: subtopics"), ":material/category:"),
    ),
    N_("Compare"): (
        Route("compare", N_("Two rankings"), ":material/compare_arrows:"),
        Route("conventions", N_("Library conventions"), ":material/rule:"),
        Route("systems", N_("Two systems"), ":material/query_stats:"),
        Route("many_systems", N_("Many systems"), ":material/leaderboard:"),
        Route("multiple_comparisons", N_("Multiple comparisons"), ":material/stacked_line_chart:"),
    ),
    N_("Learn and teach"): (
        Route("lesson", N_("Lessons"), ":material/school:"),
        Route("quiz", N_("Quiz"), ":material/quiz:"),
        Route("articles", N_("The articles' examples"), ":material/menu_book:"),
        Route("handout", N_("Handout & presenter view"), ":material/slideshow:"),
        Route("live", N_("Live class"), ":material/groups:"),
    ),
}
#: every page's name
NAMES: tuple[str, ...] = tuple(route.name for routes in SECTIONS.values() for route in routes)


def page_file(name: str) -> Path:
    """The absolute path of page ``name``'s script (``"ndcg"`` → …/pages/ndcg.py)."""
    return PAGES_DIR / f"{name}.py"
