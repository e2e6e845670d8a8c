"""Teaching material built on the measures: the quiz and its diagnosed mistakes (:mod:`.quiz`),
the articles' examples checked (:mod:`.articles`), printable handouts (:mod:`.handout`), what a
swap of two items does (:mod:`.swaps`), a change between two rankings in words (:mod:`.changes`)
and every step-by-step explainer behind one entry point (:mod:`.explain`)."""
