"""The compiled/pure switch (``nastolka/native.py``): NASTOLKA_PURE, stale builds, leftover extensions.

Each case runs a fresh interpreter on a copy of the package's engine in a temporary directory, with
fake compiled files where needed (an empty ``.so`` cannot load: if the finder ever chose it, the import
would fail), so these tests need no C compiler and never touch the real build.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import nastolka
from nastolka import native

PACKAGE = Path(nastolka.__file__).parent
SUFFIX = native.extension_suffix()
PROBE = ("import json, nastolka.native as n, nastolka.engine, nastolka.engine.rng as r; "
         "print(json.dumps({'mode': n.MODE, 'reason': n.REASON, 'rng': r.__file__, "
         "'compiled': n.loaded_compiled(), 'draw': r.Rng(42).randbelow(1000)}))")


def _copy_package(tmp: Path) -> Path:
    dest = tmp / "nastolka"
    dest.mkdir()
    shutil.copy(PACKAGE / "__init__.py", dest)
    shutil.copy(PACKAGE / "native.py", dest)
    shutil.copytree(PACKAGE / "engine", dest / "engine",
                    ignore=shutil.ignore_patterns("__pycache__", "*" + SUFFIX))
    return dest


def _fake_build(dest: Path, hashes: dict[str, str] | None = None) -> None:
    """Empty extension files for every listed module and the shared library, and a manifest."""
    for module in native.COMPILED_MODULES:
        Path(native.source_path(module, str(dest))[:-3] + SUFFIX).write_bytes(b"")
    (dest / ("_compiled__mypyc" + SUFFIX)).write_bytes(b"")
    if hashes is None:
        hashes = {m: native.source_hash(native.source_path(m, str(dest))) for m in native.COMPILED_MODULES}
    (dest / native.MANIFEST).write_text(json.dumps({"suffix": SUFFIX, "modules": hashes}))


def _probe(root: Path, **env: str) -> tuple[dict, str]:
    environ = {k: v for k, v in os.environ.items() if k != native.PURE_ENV}
    environ.update(env, PYTHONPATH=str(root))
    proc = subprocess.run([sys.executable, "-c", PROBE], cwd=root, env=environ, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout), proc.stderr


def test_without_a_build_the_sources_run(tmp_path: Path) -> None:
    _copy_package(tmp_path)
    info, err = _probe(tmp_path)
    assert info["mode"] == "pure" and "no build manifest" in info["reason"]
    assert info["rng"].endswith("rng.py") and info["compiled"] == []
    assert "Warning" not in err


def test_pure_env_wins_over_a_fresh_build(tmp_path: Path) -> None:
    _fake_build(_copy_package(tmp_path))
    info, err = _probe(tmp_path, NASTOLKA_PURE="1")
    assert info["mode"] == "pure" and native.PURE_ENV in info["reason"]
    assert info["rng"].endswith("rng.py") and info["compiled"] == []


def test_a_stale_compiled_module_never_shadows_its_edited_source(tmp_path: Path) -> None:
    dest = _copy_package(tmp_path)
    _fake_build(dest)
    rng_py = dest / "engine" / "rng.py"
    rng_py.write_text(rng_py.read_text() + "\n# edited after the build\n")
    info, err = _probe(tmp_path)
    assert info["mode"] == "pure" and "stale build" in info["reason"]
    assert info["rng"].endswith("rng.py")
    assert "StaleBuildWarning" in err and "rng.py" in err


def test_a_shared_library_that_fails_to_load_falls_back_with_a_warning(tmp_path: Path) -> None:
    _fake_build(_copy_package(tmp_path))       # fresh hashes, but the .so files are empty
    info, err = _probe(tmp_path)
    assert info["mode"] == "pure" and "failed to load" in info["reason"]
    assert info["rng"].endswith("rng.py") and "RuntimeWarning" in err


def test_a_leftover_extension_outside_the_manifest_is_ignored(tmp_path: Path) -> None:
    dest = _copy_package(tmp_path)
    (dest / "engine" / ("rng" + SUFFIX)).write_bytes(b"")    # no manifest: a leftover of some old build
    info, _ = _probe(tmp_path)
    assert info["mode"] == "pure" and info["rng"].endswith("rng.py")


def test_the_installed_build_is_what_its_manifest_says() -> None:
    """With a build manifest next to the package every listed module runs compiled; without, none."""
    info, err = _probe(PACKAGE.parent)
    if (PACKAGE / native.MANIFEST).exists():
        assert info["mode"] == "compiled", info["reason"]
        assert sorted(info["compiled"]) == sorted(native.COMPILED_MODULES)
        assert info["rng"].endswith(SUFFIX)
    else:
        assert info["mode"] == "pure" and info["compiled"] == []
    pure, _ = _probe(PACKAGE.parent, NASTOLKA_PURE="1")
    assert pure["draw"] == info["draw"]          # the same stream either way


def test_make_test_runs_the_build_it_expects() -> None:
    """``make test`` says which build each pass must run (NASTOLKA_EXPECT_BUILD); a silent fallback fails."""
    expected = os.environ.get("NASTOLKA_EXPECT_BUILD")
    actual = native.MODE
    assert expected in (None, "compiled", "pure")
    if expected is not None:
        assert actual == expected, f"expected the {expected} build, running {actual}: {native.REASON}"
