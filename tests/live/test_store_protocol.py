"""Both stores implement live.store.Store: every method of the protocol, with a signature that accepts every call
the protocol allows (the same parameters, in order, of the same kinds; extra ones only with defaults)."""

from __future__ import annotations

import inspect

import pytest

from live.store import RedisStore, SQLiteStore, Store

METHODS = sorted(name for name, value in vars(Store).items() if callable(value) and not name.startswith("_"))


def _compatible(protocol: inspect.Signature, implementation: inspect.Signature) -> list[str]:
    problems = []
    wanted = list(protocol.parameters.values())
    given = list(implementation.parameters.values())
    positional = [p for p in wanted if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    given_positional = [p for p in given if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    names, wanted_names = [p.name for p in given_positional], [p.name for p in positional]
    if names[:len(wanted_names)] != wanted_names:
        problems.append(f"positional parameters {names}, wanted {wanted_names}")
    by_name = {p.name: p for p in given}
    for p in wanted:
        mine = by_name.get(p.name)
        if mine is None:
            problems.append(f"no parameter {p.name!r}")
        elif mine.kind != p.kind and not (p.kind == p.KEYWORD_ONLY and mine.kind == p.POSITIONAL_OR_KEYWORD):
            problems.append(f"{p.name!r} is {mine.kind.description}, wanted {p.kind.description}")
        elif p.default is not p.empty and mine.default != p.default:
            problems.append(f"{p.name!r} defaults to {mine.default!r}, wanted {p.default!r}")
    for p in given:
        if p.name not in {w.name for w in wanted} and p.default is p.empty and p.kind not in (p.VAR_POSITIONAL,
                                                                                              p.VAR_KEYWORD):
            problems.append(f"an extra parameter {p.name!r} without a default")
    return problems


def test_the_protocol_has_the_methods_a_class_uses():
    assert {"create", "get", "version", "put", "add_entry", "close_entries", "entries", "incr", "delete_prefix",
            "purge_expired", "check", "check_writable", "describe", "close"} <= set(METHODS)


@pytest.mark.parametrize("store", [SQLiteStore, RedisStore], ids=lambda cls: cls.__name__)
@pytest.mark.parametrize("name", METHODS)
def test_each_store_implements_the_protocol(store, name):
    method = getattr(store, name, None)
    assert callable(method), f"{store.__name__} has no {name}"
    problems = _compatible(inspect.signature(getattr(Store, name)), inspect.signature(inspect.unwrap(method)))
    assert not problems, f"{store.__name__}.{name}: " + "; ".join(problems)


def test_a_store_that_lacks_a_method_is_told():
    class Partial:
        def get(self, key, extra):
            return None

    assert _compatible(inspect.signature(Store.get), inspect.signature(Partial.get)) == [
        "an extra parameter 'extra' without a default"]
    assert _compatible(inspect.signature(Store.put), inspect.signature(Partial.get))
