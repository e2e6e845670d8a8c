"""Live class: the teacher starts a class (a code and a QR code of the join link) and asks questions; students join,
follow the teacher's board and answer."""

import streamlit as st

from ui.classroom import live, live_quiz
from ui.data.qr import qr_svg
from ui.i18n import t
from ui.session import state

st.title(t("Live class"))
live.show_notice()  # what the last action was refused for (its callback ran before this run)

held = live.teacher()
if held is not None:
    code = held[0]
    entry, questions = st.columns([2, 3], gap="large")
    with entry:
        st.caption(t("Class code"))
        with st.container(key="live_code"):  # large enough to read from the back of the room
            st.title(code, anchor=False)  # letters and digits only
        st.image(qr_svg(live.join_link(code)), caption=t("Scan to join"), width=240)
        st.caption(t("Your board, page and step are shown to the class as you work on any page."))
        with st.expander(t("Teacher's private link"), expanded=False):  # folded: the projector shows this page
            st.caption(t("Keep it private: with it, this class can be taught from another browser or after a "
                         "restart. This tab keeps it too (not in its address), so a reload gets the class back."))
            st.code(live.private_link(held), language=None)
            st.caption(t("Or paste this resume code under \u201cResume a class\u201d:"))
            st.code(live.resume_token(held), language=None)
        closing = bool(live.unsent("close"))  # waits for the class server (said above the page)
        st.button(t("Close the class"), key="live__close", disabled=closing, on_click=live.refusing(live.close))
        if closing:
            st.info(t("Not closed yet: the class is closed as soon as the class server answers again."),
                    icon=":material/schedule_send:")
    with questions:
        live_quiz.teacher_panel(*held)
elif live.student() is not None:
    code, student_id = live.student()
    st.success(t("You are in class {code}.").format(code=code))
    with st.container(horizontal=True, vertical_alignment="center"):
        if st.session_state.get(state.LIVE_NICKNAME):
            st.text(st.session_state[state.LIVE_NICKNAME])  # plain text: a nickname is never markup
        if live.following():
            st.caption(t("Your board follows the teacher's."))
            st.button(t("Try it myself"), key="live__detach", on_click=live.detach)
        else:
            st.caption(t("You are working on your own copy of the board."))
            st.button(t("Follow the teacher"), key="live__follow", on_click=live.refusing(live.follow))
        st.button(t("Leave the class"), key="live__leave", on_click=live.leave)
    live_quiz.student_panel(code, student_id)
else:
    problem = live.store_problem()  # a store that cannot be used or reached: said here, the page still drawn
    if problem:
        st.error(problem)
    low, high, default = live.EXPECTED_BOUNDS
    with st.container(horizontal=True, vertical_alignment="bottom"):
        st.number_input(t("Students to expect"), min_value=low, max_value=high, value=default, step=10,
                        key=live.EXPECTED_INPUT, width=200,
                        help=t("How many students will join: the class lets that many in at once, and a few times "
                               "more in all."))
        st.button(t("Start a class"), key="live__start", type="primary", on_click=live.refusing(live.start))
    st.subheader(t("Join a class"))
    live.join_waiting()  # a student told to wait: a countdown, then in by itself
    with st.form("live__join_form"):
        st.text_input(t("Class code"), value=st.query_params.get(live.JOIN_PARAM, ""), max_chars=12,
                      key=live.CODE_INPUT)
        st.text_input(t("Nickname (optional)"), max_chars=live.NICKNAME_MAX, key=live.NICKNAME_INPUT)
        st.form_submit_button(t("Join"), on_click=live.refusing(live.join_from_form))
    with st.expander(t("Resume a class")), st.form("live__resume_form", border=False):
        st.text_input(t("Resume code (the teacher's, from \u201cTeacher's private link\u201d)"), type="password",
                      key=live.RESUME_INPUT)
        st.form_submit_button(t("Resume"), on_click=live.refusing(live.resume_from_form))
