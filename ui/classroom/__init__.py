"""The live class: a teacher's class, students following and answering."""

from ui.classroom import live, live_quiz
from ui.teaching import hooks

# what a live class adds to the teaching pages (ui/teaching never imports the classroom above it)
hooks.register(step_question=live_quiz.step_question, ask_about_step=live_quiz.ask_about_step, teacher=live.teacher,
               join_link=live.join_link)
