"""Build hook: compile the hot modules with mypyc when possible, install pure Python otherwise.

Everything else about the package is in ``pyproject.toml``; this file only adds the optional extension
modules. The list of modules lives in ``nastolka/native.py`` (:data:`COMPILED_MODULES`), which also decides
at import time whether the compiled build is used (see its docstring).

* ``NASTOLKA_PURE=1`` at build time → nothing is compiled, and compiled files left in the source tree
  by an earlier build are removed.
* no mypyc, a type error mypyc refuses, no C compiler, a failed compile → a clear message, and the
  install goes on pure (every extension is optional).
* on success the build writes ``nastolka/_compiled.json`` next to the extensions: the SHA-256 of each
  source it compiled, so an edited source is never shadowed by its stale compiled twin.
"""

from __future__ import annotations

import glob
import importlib.util
import json
import os
import sys
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))


def _load_native() -> Any:
    """``nastolka/native.py`` on its own (importing the package would run its import hook)."""
    spec = importlib.util.spec_from_file_location("_nastolka_native_for_build",
                                                  os.path.join(HERE, "nastolka", "native.py"))
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


native = _load_native()


def say(message: str) -> None:
    print(f"nastolka build: {message}", file=sys.stderr, flush=True)


def remove_compiled(package_dir: str) -> None:
    """Delete the compiled files of the package in ``package_dir`` (and the manifest)."""
    suffix = native.extension_suffix()
    for path in glob.glob(os.path.join(package_dir, "**", "*" + suffix), recursive=True):
        os.remove(path)
    manifest = os.path.join(package_dir, native.MANIFEST)
    if os.path.exists(manifest):
        os.remove(manifest)


def extensions() -> list[Any]:
    if native.pure_requested():
        say(f"{native.PURE_ENV} is set: installing pure Python (nothing compiled)")
        remove_compiled(os.path.join(HERE, "nastolka"))
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        say("mypyc (part of mypy) is not installed: installing pure Python")
        return []
    paths = [os.path.relpath(native.source_path(m, os.path.join(HERE, "nastolka")), HERE)
             for m in native.COMPILED_MODULES]
    say(f"compiling {len(paths)} modules with mypyc (set {native.PURE_ENV}=1 to skip)")
    cwd = os.getcwd()
    try:
        os.chdir(HERE)
        exts = mypycify(paths, opt_level="3", group_name="nastolka._compiled")
    except (Exception, SystemExit) as exc:   # mypyc exits on a type error it cannot compile
        say(f"mypyc could not translate the modules ({exc!r}): installing pure Python")
        return []
    finally:
        os.chdir(cwd)
    for ext in exts:
        # SplitMix64 relies on 64-bit wrap-around in mypyc's i64 arithmetic: make it defined behaviour
        if os.name != "nt":
            ext.extra_compile_args = [*ext.extra_compile_args, "-fwrapv"]
    return exts


class OptionalBuildExt(build_ext):
    """Builds the mypyc group, or nothing: a failure leaves a working pure install and says why."""

    def run(self) -> None:
        if not self.extensions:
            return
        try:
            super().run()
        except Exception as exc:   # CompileError, LinkError, a missing compiler (DistutilsPlatformError)...
            say(f"compiling failed ({type(exc).__name__}: {exc}): installing pure Python")
            self._clean()
            return
        self._write_manifest()
        say("compiled build installed (" + ", ".join(native.COMPILED_MODULES) + ")")

    def build_extension(self, ext: Any) -> None:
        # one failure anywhere makes the whole group useless: raise, and run() cleans up
        super().build_extension(ext)

    def _package_dirs(self) -> list[str]:
        dirs = [os.path.join(self.build_lib, "nastolka")]
        if self.inplace or getattr(self, "editable_mode", False):
            dirs.append(os.path.join(HERE, "nastolka"))
        return dirs

    def _clean(self) -> None:
        for package_dir in self._package_dirs():
            if os.path.isdir(package_dir):
                remove_compiled(package_dir)

    def _write_manifest(self) -> None:
        source_dir = os.path.join(HERE, "nastolka")
        data = {
            "suffix": native.extension_suffix(),
            "python": sys.version.split()[0],
            "modules": {m: native.source_hash(native.source_path(m, source_dir)) for m in native.COMPILED_MODULES},
        }
        for package_dir in self._package_dirs():
            os.makedirs(package_dir, exist_ok=True)
            with open(os.path.join(package_dir, native.MANIFEST), "w", encoding="utf-8") as f:
                json.dump(data, f, indent=1, sort_keys=True)


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
