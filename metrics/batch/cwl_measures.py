r"""The C/W/L measures of the registry over a whole run (INST, INSQ, BPM@k, SDCG@k, NERR8@k .. NERR11), as
ir_measures computes them through cwl_eval (:mod:`metrics.measures.cwl_measures`): per query, the gains of the
ranked items at ranks :math:`i \le 1000` (cwl_eval's depth; unjudged and absent ranks gain 0),

.. math::

    g_i = \frac{\mathrm{clip}(\max(\mathrm{grade}_i, 0), \mathrm{min\_rel}, \mathrm{max\_rel}) - \mathrm{min\_rel}}
               {\mathrm{max\_rel} - \mathrm{min\_rel}} \qquad \mathrm{EU} = \sum_{i \le 1000} W(i)\, g_i

with the model's W (:mod:`metrics.measures.cwl`), one query after the other (the models are per ranking; INSQ's
and SDCG's W, which do not read the gains, once for all). A query
whose ranked gains are all 0 has EU 0 without running its model.  "Without relevant items": no judged item of the
query has a positive gain.
"""

from __future__ import annotations

import numpy as np

from ..measures.cwl_measures import DEPTH, GAIN_FREE, MODELS, cwl_model, scaled_gains
from .dispatch import batch_of


@batch_of(*MODELS)
def cwl_measures(ev, m):
    """EU of the C/W/L measure ``m`` per query code: the run's gains laid out over cwl_eval's 1000 ranks."""
    low, high = m.param("min_rel"), m.param("max_rel")
    model = cwl_model(m.name, m.k, T=m.param("T"), p=m.param("p"))
    gains = np.nan_to_num(scaled_gains(ev.grade, low, high), nan=0.0)
    keep = (ev.pos <= DEPTH) & (gains > 0)
    values = np.zeros(ev.nq)
    ones = np.ones(DEPTH)
    codes = ev.q[keep]
    order = np.argsort(codes, kind="stable")
    codes, ranks, kept = codes[order], ev.pos[keep][order], gains[keep][order]
    bounds = np.flatnonzero(np.r_[True, codes[1:] != codes[:-1], True]) if len(codes) else np.zeros(1, np.int64)
    fixed = model.w_vector(np.zeros(DEPTH), ones) if m.name in GAIN_FREE else None
    for start, end in zip(bounds[:-1], bounds[1:]):
        vector = np.zeros(DEPTH)
        vector[ranks[start:end] - 1] = kept[start:end]
        # (EU as CWLMetric.scores computes it, with the one W of a model that does not read the gains)
        values[codes[start]] = model.scores(vector, ones)[0] if fixed is None else np.sum(np.dot(fixed, vector))
    relevant = np.bincount(ev.jq, weights=scaled_gains(ev.jrel, low, high) > 0, minlength=ev.nq)
    return values, relevant == 0

