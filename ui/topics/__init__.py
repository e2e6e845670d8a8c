"""What particular pages show: the articles' examples, library conventions, more measures, the quiz, ROC inputs, the recommender sample."""
