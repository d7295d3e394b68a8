"""Compiled or pure: which build of the hot modules this process runs, decided once at import.

Why: the rules and the engine's hot path are one Python source. When a C compiler is there, ``pip
install``/``make`` compiles the modules of :data:`COMPILED_MODULES` with mypyc (``setup.py``) into extension
modules next to their sources, plus one shared library ``nastolka/_compiled__mypyc*.so``, and writes
:data:`MANIFEST` with the SHA-256 of every source it compiled. Python's own import machinery would then
always prefer ``engine/rng*.so`` to ``engine/rng.py`` — even after the source was edited, or when someone
wants the pure code. So ``nastolka/__init__.py`` imports this module first, and it

1. decides the build for the whole process (:data:`MODE`, with :data:`REASON`):

   * ``NASTOLKA_PURE=1`` (any value but ``""``/``0``) → pure;
   * no manifest, or one written for another Python (extension suffix), or a listed extension missing
     → pure (the normal case where nothing was compiled; silent);
   * a listed source whose hash differs from the manifest → pure, with a :class:`StaleBuildWarning`
     naming the file (``make`` rebuilds); a stale compiled module never shadows an edited source;
   * the shared library fails to load → pure, with a warning;
   * otherwise → compiled.

2. puts a finder first on ``sys.meta_path`` that, for every ``nastolka`` module sitting next to a compiled
   twin, loads the source when the build is pure (or the module is not in the manifest) and the extension
   when it is compiled.

All or nothing, never a mix: compiled modules of one mypyc group call each other's native code directly,
so a compiled module beside a pure sibling would crash rather than fall back.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType

#: the modules compiled by mypyc, in one group (the list ``setup.py`` compiles; order does not matter)
COMPILED_MODULES: tuple[str, ...] = (
    "nastolka.engine.actions",
    "nastolka.engine.errors",
    "nastolka.engine.events",
    "nastolka.engine.playout",
    "nastolka.engine.rng",
    "nastolka.engine.state",
    "nastolka.games.colt_express.codes",
    "nastolka.games.colt_express.data",
    "nastolka.games.colt_express.decisions",
    "nastolka.games.colt_express.effects",
    "nastolka.games.colt_express.rounds",
    "nastolka.games.colt_express.setup",
    "nastolka.games.colt_express.state",
    "nastolka.games.colt_express.views",
    "nastolka.games.show_battle.actions",
    "nastolka.games.show_battle.automa",
    "nastolka.games.show_battle.data",
    "nastolka.games.show_battle.decisions",
    "nastolka.games.show_battle.effects",
    "nastolka.games.show_battle.setup",
    "nastolka.games.show_battle.state",
    "nastolka.games.show_battle.views",
    "nastolka.games.talespin.actions",
    "nastolka.games.talespin.codes",
    "nastolka.games.talespin.data",
    "nastolka.games.talespin.decisions",
    "nastolka.games.talespin.dogfight",
    "nastolka.games.talespin.effects",
    "nastolka.games.talespin.setup",
    "nastolka.games.talespin.state",
    "nastolka.games.talespin.targets",
    "nastolka.games.talespin.views",
    "nastolka.bots.search_loop",
    "nastolka.server.patch",   # the view patches: diffed for every seat after every move of every table
    "nastolka.rl.sink",        # the RL observation encoders: every step of a batched environment
    "nastolka.games.colt_express.observe",
    "nastolka.games.show_battle.observe",
    "nastolka.games.talespin.observe",
)

#: the mypyc group's shared library (inside the package, so an editable install finds it)
SHARED_LIB = "nastolka._compiled__mypyc"
#: written by the build next to the package's ``__init__.py``
MANIFEST = "_compiled.json"
PURE_ENV = "NASTOLKA_PURE"

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


class StaleBuildWarning(UserWarning):
    """A compiled module exists but was built from a different source: the pure source runs instead."""


def source_path(module: str, package_dir: str = _PACKAGE_DIR) -> str:
    """The ``.py`` file of a ``nastolka`` module (``nastolka.engine.rng`` → ``<pkg>/engine/rng.py``)."""
    parts = module.split(".")[1:]
    return os.path.join(package_dir, *parts) + ".py"


def source_hash(path: str) -> str:
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def extension_suffix() -> str:
    return importlib.machinery.EXTENSION_SUFFIXES[0]


def pure_requested() -> bool:
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def _extension_path(module: str, package_dir: str) -> str:
    return source_path(module, package_dir)[: -len(".py")] + extension_suffix()


def _decide(package_dir: str = _PACKAGE_DIR) -> tuple[str, str, frozenset[str]]:
    """(mode, reason, modules to load compiled)."""
    if pure_requested():
        return "pure", f"{PURE_ENV} is set", frozenset()
    manifest_path = os.path.join(package_dir, MANIFEST)
    try:
        with open(manifest_path, encoding="utf-8") as f:
            manifest = json.load(f)
        hashes: dict[str, str] = dict(manifest["modules"])
        suffix = str(manifest["suffix"])
    except FileNotFoundError:
        return "pure", "not compiled (no build manifest)", frozenset()
    except (OSError, ValueError, KeyError, TypeError) as exc:
        return "pure", f"unreadable build manifest {manifest_path}: {exc}", frozenset()
    if suffix != extension_suffix():
        return "pure", f"compiled for another Python ({suffix}, this one loads {extension_suffix()})", frozenset()
    for module, digest in sorted(hashes.items()):
        src = source_path(module, package_dir)
        if not os.path.exists(_extension_path(module, package_dir)):
            return "pure", f"compiled module of {module} missing", frozenset()
        try:
            current = source_hash(src)
        except OSError:
            current = ""
        if current != digest:
            warnings.warn(
                f"nastolka: the compiled {module} was built from another version of {src}; running the pure "
                f"Python source instead (run `make` to rebuild, or set {PURE_ENV}=1 to silence this)",
                StaleBuildWarning, stacklevel=3)
            return "pure", f"stale build: {src} changed since it was compiled", frozenset()
    try:
        importlib.import_module(SHARED_LIB)
    except ImportError as exc:
        warnings.warn(f"nastolka: the compiled modules failed to load ({exc}); running pure Python",
                      RuntimeWarning, stacklevel=3)
        return "pure", f"shared library failed to load: {exc}", frozenset()
    return "compiled", "compiled with mypyc", frozenset(hashes)


class _BuildFinder:
    """Chooses between a ``nastolka`` module's source and its compiled twin (a meta path finder)."""

    def __init__(self, compiled: frozenset[str]) -> None:
        self.compiled = compiled

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if not fullname.startswith("nastolka.") or not path:
            return None
        name = fullname.rpartition(".")[2]
        for entry in path:
            source = os.path.join(entry, name + ".py")
            if not os.path.isfile(source):
                continue
            extension = os.path.join(entry, name + extension_suffix())
            if not os.path.exists(extension):
                return None          # nothing compiled here: the ordinary machinery finds the source
            chosen = extension if fullname in self.compiled else source
            return importlib.util.spec_from_file_location(fullname, chosen)
        return None


MODE, REASON, _COMPILED = "pure", "not decided", frozenset[str]()


def install() -> None:
    """Decide the build and put the finder first (idempotent; ``nastolka/__init__.py`` calls it)."""
    global MODE, REASON, _COMPILED
    if any(isinstance(f, _BuildFinder) for f in sys.meta_path):
        return
    MODE, REASON, _COMPILED = _decide()
    sys.meta_path.insert(0, _BuildFinder(_COMPILED))  # type: ignore[arg-type, unused-ignore]


def loaded_compiled() -> list[str]:
    """The listed modules this process actually runs compiled (imported ones only)."""
    out = []
    for name in COMPILED_MODULES:
        module = sys.modules.get(name)
        if module is not None and not str(getattr(module, "__file__", "")).endswith(".py"):
            out.append(name)
    return out


def build_info() -> dict[str, object]:
    """What a benchmark or a bug report should say about the build."""
    return {"mode": MODE, "reason": REASON, "compiled_modules": sorted(_COMPILED),
            "python": sys.version.split()[0], "extension_suffix": extension_suffix()}
