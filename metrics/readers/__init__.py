"""Readers of relevance judgements (qrels) and rankings (runs).

:mod:`.io` is the entry point (:func:`~metrics.readers.io.load` tells an upload's format);
:mod:`.trec` reads TREC files into numpy columns (:mod:`.columns`), :mod:`.tables` CSV, JSON and
pasted text; :mod:`.fields` and :mod:`.sources` hold what they share (field names, numbers in text,
getting the bytes).
"""
