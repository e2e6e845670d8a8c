"""Comparing systems over queries: two systems (:mod:`.significance`: paired differences, confidence interval,
t-test, randomization test) and many (:mod:`.multiple`: pairwise tests with :mod:`.corrections`, Tukey's HSD
after the two-way ANOVA of :mod:`.anova`, the randomised Tukey HSD test, effect sizes and :mod:`.bootstrap`
intervals)."""
