"""Every public class, function and method of the public API says what it does: a walk
over ``gamewidgets``, each game package, ``match``, ``players``, ``rl`` and the modules
every game shares finds none without a docstring."""

from __future__ import annotations

import importlib
import inspect

MODULES = ("gamewidgets", "gamewidgets.line98", "gamewidgets.mahjong", "gamewidgets.loa", "gamewidgets.domino",
           "gamewidgets.match", "gamewidgets.players", "gamewidgets.rl", "gamewidgets.analysis",
           "gamewidgets.record", "gamewidgets.playing", "gamewidgets.protocol", "gamewidgets.match_result",
           "gamewidgets.tournament")


def public_names(module) -> list[str]:
    return list(getattr(module, "__all__", None) or [n for n in dir(module) if not n.startswith("_")])


def members(cls) -> dict[str, object]:
    """The public functions, properties and class/static methods ``cls`` and its
    gamewidgets bases define."""
    found: dict[str, object] = {}
    for base in reversed(cls.__mro__):
        if not base.__module__.startswith("gamewidgets"):
            continue
        for name, member in vars(base).items():
            if name.startswith("_"):
                continue
            if isinstance(member, (staticmethod, classmethod)):
                member = member.__func__
            if isinstance(member, property):
                member = member.fget
            if inspect.isfunction(member):
                found[name] = member
    return found


def undocumented() -> list[str]:
    missing, seen = [], set()
    for name in MODULES:
        module = importlib.import_module(name)
        for attr in public_names(module):
            obj = getattr(module, attr, None)
            if id(obj) in seen or not getattr(obj, "__module__", "").startswith("gamewidgets"):
                continue
            seen.add(id(obj))
            if inspect.isclass(obj):
                if not (obj.__doc__ or "").strip():
                    missing.append(f"{name}.{attr}")
                for method, function in members(obj).items():
                    if not (function.__doc__ or "").strip():
                        missing.append(f"{name}.{attr}.{method}")
            elif inspect.isfunction(obj) and not (obj.__doc__ or "").strip():
                missing.append(f"{name}.{attr}")
    return sorted(set(missing))


def test_every_public_class_function_and_method_has_a_docstring():
    assert undocumented() == []


def test_the_walk_finds_what_has_none():
    """The check itself: a public class with an undocumented method is found."""
    import types

    module = types.ModuleType("gamewidgets.fake")
    code = "class Thing:\n    '''A thing.'''\n    def bare(self):\n        return 1\n"
    exec(compile(code, "fake", "exec"), module.__dict__)
    module.Thing.__module__ = "gamewidgets.fake"
    assert list(members(module.Thing)) == ["bare"] and not (members(module.Thing)["bare"].__doc__ or "").strip()
