"""The measures of the "More measures" page and their step tables: bpref, interpolated precision,
counts, set measures, Rprec_mult, Judged@k, RBP, ERR, nDCG with a gain map, GM_MAP."""

ZH = {
    # metrics._validate (the newer validators)
    "{name} must be a number in {bounds}, got {value}": "{name} 必须是 {bounds} 中的数，得到的是 {value}",
}
