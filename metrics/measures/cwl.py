"""C/W/L user models (Moffat, Bailey, Scholer, Thomas 2017): a user reads a ranking top down; after rank i she
goes on with probability C(i). From C follow W(i), the share of her attention rank i gets, and L(i), the
probability that rank i is the last one she reads:

    W(1) = 1 / Σ_j Π_{k<j} C(k),   W(i+1) = W(i)·C(i),   L(i) = Π_{k<i} C(k) · (1 − C(i)).

A measure is then the expected utility per item read, EU = Σ W(i)·g(i) (e.g. P@k, RBP, AP, INST), and its
siblings ETU = Σ L(i)·Σ_{j≤i} g(j) (utility per visit), EC = Σ W(i)·c(i), ETC = Σ L(i)·Σ_{j≤i} c(j) (cost per
item, per visit) and ED = 1 / W(1) (the expected depth). Each model here bears the name and the parameters of
its ``cwl_eval`` 1.0.12 class (Azzopardi, Thomas, Moffat, "cwl_eval: An evaluation tool for information
retrieval", SIGIR 2019), computes what that class computes, arithmetic step for arithmetic step (so that
:mod:`metrics.batch.cwl_eval` prints the same digits), and takes the gains and costs of one ranking, cut or
padded to the evaluation depth, unjudged items already resolved (:func:`resolved`).

Sources: Moffat, Bailey, Scholer, Thomas, "Incorporating user expectations and behavior into the measurement
of search effectiveness", ACM TOIS 35(3), 2017; the papers named in each model's docstring.
"""

from __future__ import annotations

import math
from functools import partial

import numpy as np

from .._lazy import pandas as pd  # (on first use: batch evaluation imports this module)
from ..explanation import Explanation, Line, latex_name, num
from ..messages import N_, message

#: the general formula, its definitions apart (\qquad: a narrow screen breaks between them, ui.teaching.lecture)
CWL_FORMULA = (r"\mathrm{EU} = \sum_{i} W(i)\,g(i) \qquad W(i) = \frac{\prod_{k<i} C(k)}{\sum_{j} \prod_{k<j} C(k)} "
               r"\qquad L(i) = \prod_{k<i} C(k)\,\bigl(1 - C(i)\bigr)")


def _c_from_w(w: np.ndarray) -> np.ndarray:
    """C(i) = W(i+1) / W(i) (0 where W(i) is 0), C at the last rank 0: for models defined by their weights."""
    c = np.zeros(len(w))
    if len(w) > 1:
        with np.errstate(all="ignore"):
            c[:-1] = np.where(w[:-1] > 0.0, w[1:] / w[:-1], 0.0)
    return c


def _squared(ratio: np.ndarray) -> np.ndarray:
    """Each ratio ``** 2.0`` by C's pow, as cwl_eval's per-rank Python loops square it: numpy's array ``** 2.0``
    multiplies instead, which can differ in the last bit."""
    return np.array([value ** 2.0 for value in ratio.tolist()], dtype=float)


class CWLMetric:
    """The C/W/L machinery; by itself the model C(i) = 1: every rank up to the depth gets the same weight."""

    #: the name cwl_eval prints, filled from the model's parameters
    title = "Undefined"
    gain_range: tuple[float, float] | None = None  #: the gains a model accepts (INST, NERR: [0, 1])

    def __init__(self):
        """No parameters (each model has its own ``__init__``: cwl_eval's signature, hence its TypeError)."""

    def name(self) -> str:
        return self.title.format(**vars(self))

    def c_vector(self, gains: np.ndarray, costs: np.ndarray, total_rels: float = 0.0) -> np.ndarray:
        """C(i), the probability of going on to rank i+1 after rank i."""
        return np.ones(len(gains))

    def w_vector(self, gains: np.ndarray, costs: np.ndarray, total_rels: float = 0.0) -> np.ndarray:
        """W(i) = Π_{k<i} C(k) / Σ_j Π_{k<j} C(k), the share of attention rank i gets (sums to 1)."""
        c = self.c_vector(gains, costs, total_rels)
        reach = np.concatenate(([1.0], np.cumprod(c[:-1])))
        with np.errstate(all="ignore"):
            first = np.divide(1.0, np.sum(reach))
            return np.concatenate(([first], np.multiply(reach[1:], first)))

    def l_vector(self, gains: np.ndarray, costs: np.ndarray, total_rels: float = 0.0) -> np.ndarray:
        """L(i) = Π_{k<i} C(k)·(1 − C(i)), the probability that rank i is the last one read."""
        c = self.c_vector(gains, costs, total_rels)
        reach = np.cumprod(np.concatenate(([1.0], c[:-1])))
        return np.multiply(reach, np.subtract(np.ones(len(c)), c))

    def scores(self, gains, costs, total_rels: float = 0.0) -> tuple[float, float, float, float, float]:
        """(EU, ETU, EC, ETC, ED) of one ranking."""
        w = self.w_vector(gains, costs, total_rels)
        stop = self.l_vector(gains, costs, total_rels)
        with np.errstate(all="ignore"):
            return (np.sum(np.dot(w, gains)), np.sum(np.dot(stop, np.cumsum(gains))), np.sum(np.dot(w, costs)),
                    np.sum(np.dot(stop, np.cumsum(costs))), 1.0 / w[0])

    def _check_gains(self, gains: np.ndarray) -> None:
        low, high = self.gain_range
        if np.min(gains) < low:
            raise ValueError(f"Supplied gain values violate metric assumptions: Metric = {self.name()}.\n "
                             f"The minimum allowable gain for this metric is: {low}.")
        if np.max(gains) > high:
            raise ValueError(f"Supplied gain values ({np.max(gains)}) violate metric assumptions: Metric = "
                             f"{self.name()}.\n The maximum allowable gain for this metric is: {high}.")


class PrecisionCWLMetric(CWLMetric):
    """P@k: read exactly k items, C(i) = 1 for i < k, then 0 (van Rijsbergen 1979). As cwl_eval, the C vector is
    k − 1 ones padded to the depth but never cut: with k − 1 above the depth the lengths disagree and it fails."""

    title = "P@{k}"

    def __init__(self, k=10):
        self.k = k

    def c_vector(self, gains, costs, total_rels=0.0):
        c = np.ones(self.k - 1)
        return np.pad(c, (0, len(gains) - len(c))) if len(c) < len(gains) else c


class RBPCWLMetric(CWLMetric):
    """RBP(θ): C(i) = θ, a fixed persistence (Moffat & Zobel, ACM TOIS 2008); EU = (1 − θ) Σ θ^(i−1) g(i)
    within the depth, normalised over it."""

    title = "RBP@{theta}"

    def __init__(self, theta=0.9):
        self.theta = theta

    def c_vector(self, gains, costs, total_rels=0.0):
        return np.dot(np.ones(len(gains)), self.theta)


class NPVCWLMetric(RBPCWLMetric):
    """Net present value with discount rate r: RBP with θ = 1 / (1 + r)."""

    title = "NPV-r@{rate}"

    def __init__(self, rate=0.1):
        self.rate = rate

    def c_vector(self, gains, costs, total_rels=0.0):
        return RBPCWLMetric(1.0 / (1.0 + self.rate)).c_vector(gains, costs)


class RRCWLMetric(CWLMetric):
    """Reciprocal rank: go on until the first item with gain, C(i) = 1 before it, 0 from it on (Kantor &
    Voorhees 2000)."""

    title = "RR"

    def __init__(self):
        """No parameters."""

    def c_vector(self, gains, costs, total_rels=0.0):
        found = np.cumsum(np.asarray(gains) > 0) > 0
        return np.where(found, 0.0, 1.0)


class APCWLMetric(CWLMetric):
    """AP (Harman 1992) as a C/W/L model (Moffat et al. 2017): with r(i) = g(i)/i,
    C(i) = Σ_{j>i} r(j) / Σ_{j≥i} r(j); EU is AP over the relevant items retrieved within the depth."""

    title = "AP"

    def __init__(self):
        """No parameters."""

    def c_vector(self, gains, costs, total_rels=0.0):
        share = np.asarray(gains) / np.arange(1, len(gains) + 1)
        c = np.zeros(len(gains))
        with np.errstate(all="ignore"):
            for i in range(len(gains) - 1):
                below = np.sum(share[i + 1:])
                c[i] = below / np.sum(share[i:]) if below > 0.0 else 0.0
        return c


class TrAPCWLMetric(CWLMetric):
    """Harman's first AP, as cwl_eval writes it: W(i) = (Σ_{j≤i} g(j), 1 before the first gain) / (Σ_{j≤i} c(j))
    / R (R: the topic's relevant items in the qrels); C from W. W does not sum to 1."""

    title = "TrAP"

    def __init__(self):
        """No parameters."""

    def w_vector(self, gains, costs, total_rels=0.0):
        gained = np.cumsum(gains)
        i = 0
        while gained[i] == 0 and i < len(gained) - 1:
            gained[i] = 1.0
            i += 1
        with np.errstate(all="ignore"):
            w = np.divide(gained, np.cumsum(costs))
            return w / total_rels if total_rels > 0 else w

    def c_vector(self, gains, costs, total_rels=0.0):
        return _c_from_w(self.w_vector(gains, costs, total_rels))


class INSTCWLMetric(CWLMetric):
    """INST(T) (Moffat, Bailey, Scholer, Thomas, ADCS 2015): with T_i = T − Σ_{j≤i} g(j) still wanted,
    C(i) = ((i + T + T_i − 1) / (i + T + T_i))²; gains must lie in [0, 1]."""

    title = "INST-T={T}"
    gain_range = (0.0, 1.0)

    def __init__(self, T=1.0):
        self.T = T

    def c_vector(self, gains, costs, total_rels=0.0):
        self._check_gains(gains)
        rank = np.arange(1, len(gains) + 1, dtype=float)
        wanted = self.T - np.cumsum(gains)
        return _squared((rank + self.T + wanted - 1.0) / (rank + self.T + wanted))


class INSQCWLMetric(CWLMetric):
    """INSQ(T) (Moffat, Scholer, Thomas, ADCS 2012): C(i) = ((i + 2T − 1) / (i + 2T))², whatever the gains."""

    title = "INSQ-T={T}"

    def __init__(self, T=1.0):
        self.T = T

    def c_vector(self, gains, costs, total_rels=0.0):
        rank = np.arange(1, len(gains) + 1, dtype=float)
        return _squared((rank + 2.0 * self.T - 1.0) / (rank + 2.0 * self.T))


class NDCGCWLMetric(CWLMetric):
    """DCG@k's discount as a user model (Järvelin & Kekäläinen, ACM TOIS 2002): W(i) ∝ 1/log₂(i+1) for i ≤ k,
    C(i) = log₂(i+1)/log₂(i+2) for i < k, 0 from k on. EU is scaled DCG@k (not normalised by the ideal)."""

    title = "NDCG-k@{k}"

    def __init__(self, k):
        self.k = k

    def c_vector(self, gains, costs, total_rels=0.0):
        return np.array([math.log(i + 1, 2.0) / math.log(i + 2, 2.0) if i < self.k else 0.0
                         for i in range(1, len(gains) + 1)])


class SETCWLMetric(CWLMetric):
    """Azzopardi's (SIGIR 2014) economic model: g(k) = k^β total gain, W(i) ∝ (i+1)^β − i^β up to k."""

    title = "SET-k@{k}-b@{beta}"

    def __init__(self, beta=0.5, k=10):
        self.beta, self.k = beta, k

    def _weight(self, i):
        return math.pow(i + 1, self.beta) - math.pow(i, self.beta)

    def c_vector(self, gains, costs, total_rels=0.0):
        return np.array([self._weight(i + 1) / self._weight(i) if i < self.k else 0.0
                         for i in range(1, len(gains) + 1)])


class TBGCWLMetric(CWLMetric):
    """Time-biased gain (Smucker & Clarke, SIGIR 2012) with half-life H in cost units: W(i) ∝ D(Σ_{j<i} c(j)),
    D(t) = H·2^(−t/H) / ln 2, normalised over the depth; C from W."""

    title = "TBG-H@{halflife} "

    def __init__(self, halflife=224):
        self.halflife = halflife

    def _decay(self, t):
        h = self.halflife
        return (h * (2.0 ** (-t / h))) / math.log(2.0, math.e)

    def w_vector(self, gains, costs, total_rels=0.0):
        spent = np.cumsum(costs)
        w = [self._decay(0.0)] + [self._decay(spent[i]) for i in range(len(spent) - 1)]
        return np.divide(np.array(w), sum(w[1:], w[0]))

    def c_vector(self, gains, costs, total_rels=0.0):
        return _c_from_w(self.w_vector(gains, costs, total_rels))


class UMeasureCWLMetric(CWLMetric):
    """U-measure (Sakai & Dou, SIGIR 2013) with patience L in cost units (characters): W(i) ∝ max(0, 1 − p_i/L),
    p_i = Σ_{j<i} c(j), for every rank but the last (W = 0 there); C from W."""

    title = "U-L@{L} "

    def __init__(self, L=1000):
        self.L = L

    def w_vector(self, gains, costs, total_rels=0.0):
        spent = np.cumsum(costs)
        w, start = [], 0
        for i in range(len(spent) - 1):
            w.append(max(0.0, 1.0 - start / self.L))
            start = spent[i]
        with np.errstate(all="ignore"):
            return np.divide(np.array(w + [0.0]), sum(w, 0.0))

    def c_vector(self, gains, costs, total_rels=0.0):
        return _c_from_w(self.w_vector(gains, costs, total_rels))


class BPMCWLMetric(CWLMetric):
    """Bejeweled player model, static (Zhang et al., SIGIR 2017): go on while the gain so far is below T and the
    cost so far below K: C(i) = [Σ_{j≤i} g(j) < T]·[Σ_{j≤i} c(j) < K]."""

    title = "BPM-Static-T={T}-K={K}"

    def __init__(self, T=1.0, K=10):
        self.T, self.K = T, K

    def c_vector(self, gains, costs, total_rels=0.0):
        wanting = np.logical_and.accumulate(np.cumsum(gains) < self.T)
        affording = np.logical_and.accumulate(np.cumsum(costs) < self.K)
        return (wanting & affording).astype(float)


class BPMDCWLMetric(CWLMetric):
    """Bejeweled player model, dynamic (Zhang et al. 2017): after each rank T ← T + hb·(g(i) − gain_med) and
    K ← K + hc·(g(i) − gain_med). cwl_eval 1.0.12 updates T where it means K, so its K never moves; ``fixed=True``
    (``cwl_eval --fixed-bpm-dynamic``) moves K as the paper says."""

    title = "BPM-Dynamic-T={T}-K={K}-hb={hb}-hc={hc}"
    fixed = False

    def __init__(self, T=1, K=10, hb=1.0, hc=1.0, gain_med=0.5):
        self.T, self.K, self.hb, self.hc, self.gain_med = T, K, hb, hc, gain_med

    def c_vector(self, gains, costs, total_rels=0.0):
        gained, spent, n = np.cumsum(gains), np.cumsum(costs), len(gains)
        wanting, T, i = np.zeros(n, dtype=bool), self.T, 0
        while i < n and gained[i] < T:
            wanting[i], T, i = True, T + self.hb * (gains[i] - self.gain_med), i + 1
        affording, K, i = np.zeros(n, dtype=bool), self.K, 0
        while i < n and spent[i] < K:
            if self.fixed:
                K = K + self.hc * (gains[i] - self.gain_med)
            affording[i], i = True, i + 1
        c = np.zeros(n)
        c[wanting & affording] = 1.0
        return c


def _goal(T, b1, R1, gained):
    """IFT's goal term: 1 − 1/(1 + b1·e^((T − y)·R1))."""
    return 1.0 - math.pow(1.0 + b1 * math.pow(math.e, (T - gained) * R1), -1.0)


def _rate(A, b2, R2, gained, spent):
    """IFT's rate term: 1/(1 + b2·e^((A − y/k)·R2))."""
    return math.pow(1.0 + b2 * math.pow(math.e, (A - gained / spent) * R2), -1.0)


class IFTGoalCWLMetric(CWLMetric):
    """Information foraging, goal only (Azzopardi, Thomas, Craswell, SIGIR 2018): C(i) = 1 − 1/(1 + b1·e^((T −
    y_i)·R1)), y_i the gain so far."""

    title = "IFT-C1-T={T}-b1={b1}-R1={R1}"

    def __init__(self, T, b1, R1):
        self.T, self.b1, self.R1 = T, b1, R1

    def c_vector(self, gains, costs, total_rels=0.0):
        return np.array([_goal(self.T, self.b1, self.R1, y) for y in np.cumsum(gains)])


class IFTRateCWLMetric(CWLMetric):
    """Information foraging, rate only (Azzopardi et al. 2018): C(i) = 1/(1 + b2·e^((A − y_i/k_i)·R2)),
    y_i/k_i the rate of gain so far."""

    title = "IFT-C2-A={A}-b2={b2}-R2={R2}"

    def __init__(self, A, b2, R2):
        self.A, self.b2, self.R2 = A, b2, R2

    def c_vector(self, gains, costs, total_rels=0.0):
        return np.array([_rate(self.A, self.b2, self.R2, y, k) for y, k in zip(np.cumsum(gains), np.cumsum(costs))])


class IFTGoalRateCWLMetric(CWLMetric):
    """Information foraging, goal and rate (Azzopardi et al. 2018): C(i) = C1(i)·C2(i)."""

    title = "IFT-C1-C2-T={T}-b1={b1}-R1={R1}-A={A}-b2={b2}-R2={R2}"

    def __init__(self, T, b1, R1, A, b2, R2):
        self.T, self.b1, self.R1, self.A, self.b2, self.R2 = T, b1, R1, A, b2, R2

    def c_vector(self, gains, costs, total_rels=0.0):
        return np.array([_goal(self.T, self.b1, self.R1, y) * _rate(self.A, self.b2, self.R2, y, k)
                         for y, k in zip(np.cumsum(gains), np.cumsum(costs))])


class _NERR(CWLMetric):
    """Not (but nearly) ERR (Azzopardi, Mackenzie, Moffat, ICTIR 2021): the user stops at a rank with the
    probability of its gain; gains must lie in [0, 1]."""

    gain_range = (0.0, 1.0)

    def _go_on(self, rank: np.ndarray) -> np.ndarray:
        raise NotImplementedError

    def _reach(self, n: int) -> int:
        return n

    def c_vector(self, gains, costs, total_rels=0.0):
        self._check_gains(gains)
        c = np.zeros(len(gains))
        m = max(0, min(len(gains), self._reach(len(gains))))
        rank = np.arange(1, m + 1, dtype=float)
        c[:m] = self._go_on(rank) * (1.0 - np.asarray(gains[:m]))
        return c


class NERReq8CWLMetric(_NERR):
    """NERR eq. 8: C(i) = 1 − g(i) for i < k, 0 from k on."""

    title = "NERR-EQ8@k={k}"

    def __init__(self, k):
        self.k = k

    def _reach(self, n):
        return math.ceil(self.k - 1)

    def _go_on(self, rank):
        return np.ones(len(rank))


class NERReq9CWLMetric(NERReq8CWLMetric):
    """NERR eq. 9: C(i) = i/(i+1)·(1 − g(i)) for i < k, 0 from k on."""

    title = "NERR-EQ9@k={k}"

    def __init__(self, k):
        self.k = k

    def _go_on(self, rank):
        return 1.0 * rank / (rank + 1.0)


class NERReq10CWLMetric(_NERR):
    """NERR eq. 10: C(i) = φ·(1 − g(i)) (RBP-like, to the depth)."""

    title = "NERR-EQ10@phi={phi}"

    def __init__(self, phi=0.9):
        self.phi = phi

    def _go_on(self, rank):
        return np.full(len(rank), self.phi)


class NERReq11CWLMetric(_NERR):
    """NERR eq. 11: C(i) = ((i + 2T − 1)/(i + 2T))²·(1 − g(i)) (INSQ-like, to the depth)."""

    title = "NERR-EQ11@T={T}"

    def __init__(self, T=1.0):
        self.T = T

    def _go_on(self, rank):
        return _squared((rank + (2.0 * self.T) - 1.0) / (rank + (2.0 * self.T)))


#: every model the metrics file of cwl_eval may name, by its class name
MODELS: dict[str, type[CWLMetric]] = {cls.__name__: cls for cls in (
    CWLMetric, PrecisionCWLMetric, RBPCWLMetric, NPVCWLMetric, RRCWLMetric, APCWLMetric, TrAPCWLMetric,
    INSTCWLMetric, INSQCWLMetric, NDCGCWLMetric, SETCWLMetric, TBGCWLMetric, UMeasureCWLMetric, BPMCWLMetric,
    BPMDCWLMetric, IFTGoalCWLMetric, IFTRateCWLMetric, IFTGoalRateCWLMetric, NERReq8CWLMetric, NERReq9CWLMetric,
    NERReq10CWLMetric, NERReq11CWLMetric)}


def default_models() -> list[CWLMetric]:
    """cwl_eval's default list: P@1,2,3,4,5,10, RBP@0.2,0.4,0.8, NDCG-k@5,10, RR, AP, INST-T=1.0,2.0,3.0."""
    return ([PrecisionCWLMetric(k) for k in (1, 2, 3, 4, 5, 10)] + [RBPCWLMetric(p) for p in (0.2, 0.4, 0.8)]
            + [NDCGCWLMetric(5), NDCGCWLMetric(10), RRCWLMetric(), APCWLMetric()]
            + [INSTCWLMetric(t) for t in (1.0, 2.0, 3.0)])


def parse_model(line: str) -> CWLMetric:
    """A model from one line of cwl_eval's metrics file, ``ClassName(arg, arg, ...)``: an argument with a period
    is a float, any other an int, an empty one is skipped (cwl_eval's grammar; no comments, no blank lines).
    Errors are those cwl_eval raises: IndexError (no parenthesis), ValueError (an argument), NameError (an
    unknown class), TypeError (the wrong number of arguments)."""
    pieces = line.strip().split("(")
    pieces[-1] = pieces[-1][:-1]
    name, arguments = pieces[0], pieces[1].split(",")
    values = [float(a) if "." in a else int(a) for a in arguments if a != ""]
    if name not in MODELS:
        raise NameError(f"The class {name} could not be found.")
    return MODELS[name](*values)


def resolved(values, depth: int, fill) -> np.ndarray:
    """A ranking's gains (or costs) cut or padded to ``depth`` with ``fill``, unknown ones (NaN) set to ``fill``:
    the worst case (unjudged gain 0, cost the maximum) or the best (gain the maximum, cost the minimum).
    ``fill`` may be a string, as cwl_eval's --max_cost and --min_cost are: numpy reads it or fails as there."""
    if len(values) < depth:
        vector = np.pad(values, (0, depth - len(values)), "constant", constant_values=fill)
    else:
        vector = np.array(values[:depth])
    vector[np.isnan(vector)] = fill
    return vector


def cwl_table(model: CWLMetric, gains, costs=None, total_rels: float = 0.0) -> dict[str, np.ndarray]:
    """C, W, L of ``model`` over resolved ``gains`` and ``costs`` (default 1 each), with the running EU, ETU,
    EC and ETC: the columns of :func:`cwl_steps`."""
    gains = np.asarray(gains, dtype=float)
    costs = np.ones(len(gains)) if costs is None else np.asarray(costs, dtype=float)
    c = model.c_vector(gains, costs, total_rels)
    w = model.w_vector(gains, costs, total_rels)
    stop = model.l_vector(gains, costs, total_rels)
    return {"C": c, "W": w, "L": stop, "EU": np.cumsum(w * gains), "ETU": np.cumsum(stop * np.cumsum(gains)),
            "EC": np.cumsum(w * costs), "ETC": np.cumsum(stop * np.cumsum(costs))}


def cwl_steps(gains, model: CWLMetric | str = "RBPCWLMetric(0.8)", costs=None, items=None) -> Explanation:
    """Explain a C/W/L measure over one ranking of gains (unjudged already resolved) and costs: per rank the
    gain, the cost, C(i), W(i), L(i) and the running EU = Σ W(i)·g(i), ETU, EC and ETC; ED = 1/W(1) in the
    details. ``model`` is a :class:`CWLMetric` or a line of cwl_eval's metrics file.

    >>> e = cwl_steps([1, 0, 1], "RBPCWLMetric(0.5)")
    >>> [round(float(w), 4) for w in e.table["W"]], round(e.value, 4)   # W ∝ 1, 0.5, 0.25
    ([0.5714, 0.2857, 0.1429], 0.7143)
    """
    model = parse_model(model) if isinstance(model, str) else model
    gains = np.asarray(gains, dtype=float)
    costs = np.ones(len(gains)) if costs is None else np.asarray(costs, dtype=float)
    columns = cwl_table(model, gains, costs)
    labels = list(items) if items is not None else [f"d{i}" for i in range(1, len(gains) + 1)]
    table = pd.DataFrame({"rank": np.arange(1, len(gains) + 1), "item": labels, "gain": gains, "item_cost": costs,
                          **columns})
    name = model.name().strip()
    w = columns["W"]
    return Explanation.written(
        writer=partial(_cwl_lines, table, name), measure=name,
        value=float(columns["EU"][-1]) if len(gains) else 0.0, table=table, formula=CWL_FORMULA, column="EU",
        running={"EU": "EU", "ETU": "ETU", "EC": "EC", "ETC": "ETC"},
        details={"ED": float(1.0 / w[0]) if len(w) and w[0] else math.inf})


def _cwl_lines(table, name: str, step: int, text: bool) -> tuple[Line, ...]:
    """EU after ``step`` ranks: W(i)·g(i) of each rank so far."""
    shown = table.iloc[:step]
    terms = tuple(f"{num(w)}*{num(g)}" if text else rf"{num(w)} \cdot {num(g)}"
                  for w, g in zip(shown["W"], shown["gain"]))
    value = num(shown["EU"].iloc[-1]) if step else "0"
    lhs = f"EU {name}" if text else rf"\mathrm{{EU}}\;{latex_name(name)}"
    note = message(N_("(W(i) times the gain of rank i)")) if text else ""
    return (Line(lhs, terms, result=value, zeros=tuple(g == 0 for g in shown["gain"]), note=note),)
