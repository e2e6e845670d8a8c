"""中文 for the quiz, the articles' examples and the handouts (pages/quiz.py, articles.py, handout.py; ui/articles.py)."""

ZH: dict[str, str] = {
}
