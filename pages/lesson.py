"""Lessons: a guided path of scenes, each a step of an explainer and a question to predict before the reveal; alone
(answer, then the exact value and the named mistake) or in front of a class (clicker, notes, reveal)."""

from ui.classroom.lessons import progress, walk

place = progress.current()
lessons = progress.lessons()
if place.lesson not in lessons:
    if place.lesson is not None:
        walk.missing(place.lesson)
    walk.choose(lessons)
else:
    lesson = lessons[place.lesson]
    place = walk.clicked(lesson, place)
    if place.scene > len(lesson.scenes):
        walk.summary(lesson, place)
    else:
        walk.scene_screen(lesson, place)
progress.save(progress.current())
