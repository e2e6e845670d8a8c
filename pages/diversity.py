"""Diversity: subtopics: α-nDCG@k, ERR-IA@k, NRBP and S-recall step by step on a board coloured by subtopic
(ui.topics.diversity)."""

import streamlit as st

from metrics import MetricsInputError
from ui.i18n import t
from ui.session import state
from ui.shell import style
from ui.shell.page import end_page
from ui.shell.safe import plain
from ui.teaching import explainer, lecture, pacing, presenter
from ui.topics import diversity

PAGE = diversity.PAGE

st.title(t("Diversity: subtopics"))
style.inject_sheet("diversity.css")  # static, our own class names
diversity.start()
ranking, numbers = lecture.stage()
with ranking:
    controls = lecture.controls()
    with st.container(key="diversity_board"):  # (below the numbers on a phone: ui/shell/style/diversity.css)
        st.markdown(t("**Query:** {query} · each item covers some of its subtopics").format(
            query=t(diversity.QUERY)))
        grid_slot = st.container(key="diversity_grid")
        diversity.editors()
        st.button(t("Reset"), key=state.page_key(PAGE, "reset"), icon=":material/restart_alt:",
                  on_click=diversity.reset, help=t("The example board again"))
choice = diversity.picker(controls)
board = diversity.board()
alpha, beta, k = diversity.settings(choice, len(board.ranking))
diversity.keep_in_link(choice, alpha, beta, k)  # the address bar and the presenter's QR code open this board
if not board.ranking or not board.subtopics():
    with numbers:
        st.info(t(diversity.NO_RANKING if not board.ranking else diversity.NO_SUBTOPIC), icon=":material/info:")
    end_page()
try:
    explanation = diversity.explain(board, choice, alpha, beta, k)
except (MetricsInputError, ValueError) as error:  # (the sliders keep α, β and k in range: not expected)
    with numbers:
        st.error(t("Not applied: {error}.").format(error=plain(state.message(error))), icon=":material/error:")
    end_page()
presenter.present(PAGE, explanation, t(diversity.QUERY))  # full screen: the page ends
total = len(explanation.table)
with numbers:
    pace = pacing.begin(PAGE, total)
    subtopics = board.subtopics()
    lecture.walk_through(PAGE, explanation, pace, board, {next(iter(explanation.running)): explanation.measure},
                         {t("subtopics |S|"): len(subtopics)}, hit_column=None,
                         columns=diversity.MEASURES[choice][1])
with grid_slot:
    st.plotly_chart(diversity.grid(board, alpha, None if pace.complete else pace.step,
                                   None if choice == "NRBP" else k),
                    width="stretch", config={"displayModeBar": False})
with controls:
    diversity.controls(choice, len(board.ranking))

st.caption(t(diversity.SENTENCES[choice]))
if len(subtopics) < len(diversity.SUBTOPICS):
    st.caption(t("Subtopics no item covers are left out of S, as ndeval leaves them out."))
if pace.complete:  # the ideal ordering is half the answer: once every step is shown
    order = diversity.ideal(board, alpha, len(board.covers))
    st.info(t("The greedy ideal ordering (α = {alpha}): {order}.").format(
        alpha=alpha, order=plain(" → ".join(order))), icon=":material/lightbulb:")
else:
    st.caption(t("The greedy ideal ordering is shown once every step is shown."))
(whole,) = explainer.lazy_tabs(PAGE, "below", [t("The whole table")])
if whole:
    with whole:
        explainer.step_table(explanation.table, pace.step, hit_column=None)

explainer.about(
    rewards=t("Covering many subtopics early. An ambiguous query (jaguar: the animal, the car, the team...) has "
              "several intents; a ranking that repeats one intent leaves the other users with nothing. α-nDCG, "
              "ERR-IA and NRBP discount a subtopic's gain by (1 − α) each time it was already seen above; S-recall "
              "counts the subtopics covered in the top k."),
    use=t("To evaluate search result diversification (the TREC Web track's diversity task, 2009–2012, scored with "
          "ndeval), or any list that should serve several intents: a query suggestion list, a recommendation "
          "slate."),
    pitfalls=t("Subtopics must be judged for every item: the measures only know the intents the judges listed. "
               "α-nDCG's ideal is greedy (finding the best one is NP-hard), so α-nDCG can exceed 1 in rare cases. "
               "ERR-IA and NRBP here are divided by their value when every item covers every subtopic, as ndeval "
               "does, so they rarely reach 1. Values depend on α (and β): report them."))
