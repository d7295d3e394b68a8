"""Trained policies as bots: ``policy:PATH`` (or ``policy:NAME`` of a registered file) at any seat.

Why a file of our own rather than the training library's checkpoint? A table, a simulation or the
server must be able to seat a trained policy without PyTorch or the RL library installed: the policy
file (``.npz``, read with ``allow_pickle=False``, so loading it runs no code) holds the weights of the
policy network as plain arrays plus a JSON header, and inference is a few numpy matrix products. The
header pins what the network was trained on — game, rules version, player count, options, observation
encoder and the exact list of action ids behind its output indices — so a policy is refused with a clear
message at a table it does not fit, instead of playing nonsense.

The bot acts only on ``view(seat)`` (through the game's RL encoder) and ``legal_ids(seat)``; it plays the
legal action with the highest logit (greedy, deterministic). A legal id the policy has never seen (a
newer vocabulary) has no logit: it is chosen only when no known action is legal, by the seeded RNG.

Registered names: ``register_policy(path)`` (the ``--policy`` option of ``nastolka tui`` / ``serve``, or
``NASTOLKA_POLICIES`` = paths separated by ``os.pathsep``) lists ``policy:<file stem>`` among the bots of
the policy's game, so the terminal's seat choices and the server's bot seats offer it by name, without
showing a path.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from nastolka.engine import Game, GameState, NastolkaError, Rng

POLICY_FORMAT = "nastolka-policy/1"
PREFIX = "policy:"
ENV = "NASTOLKA_POLICIES"
def _relu(x: np.ndarray) -> np.ndarray:
    return np.maximum(x, 0.0)


ACTIVATIONS: dict[str, Callable[[np.ndarray], np.ndarray]] = {"tanh": np.tanh, "relu": _relu}


class PolicyError(NastolkaError):
    """A policy file that cannot be read, or that does not fit the table it is asked to play at."""


@dataclass(frozen=True)
class Policy:
    """An MLP ``logits = W_k · act(… act(W_0 · x + b_0) …) + b_k`` and what it was trained on."""

    meta: dict[str, Any]
    weights: tuple[np.ndarray, ...]
    biases: tuple[np.ndarray, ...]
    path: str = ""

    @property
    def game(self) -> str:
        return str(self.meta["game"])

    @property
    def players(self) -> int:
        return int(self.meta["players"])

    @property
    def action_ids(self) -> list[str]:
        return list(self.meta["actions"])

    def logits(self, x: np.ndarray) -> np.ndarray:
        act = ACTIVATIONS[self.meta.get("activation", "tanh")]
        h = x.astype(np.float32, copy=False)
        last = len(self.weights) - 1
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            h = w @ h + b
            if i < last:
                h = act(h)
        return h

    def describe(self) -> str:
        return f"{self.game} with {self.players} players"


def save_policy(path: str | Path, meta: dict[str, Any], weights: list[np.ndarray],
                biases: list[np.ndarray]) -> Path:
    """Write a policy file; ``meta`` must name game, players, options, encoder and the action ids."""
    for key in ("game", "rules_version", "players", "options", "encoder", "actions"):
        if key not in meta:
            raise PolicyError(f"policy metadata lacks {key!r}")
    if len(weights) != len(biases) or not weights:
        raise PolicyError("a policy needs one bias per weight matrix")
    header = {"format": POLICY_FORMAT, **meta}
    arrays: dict[str, np.ndarray] = {"meta": np.array(json.dumps(header, ensure_ascii=False))}
    for i, (w, b) in enumerate(zip(weights, biases, strict=True)):
        arrays[f"w{i}"] = np.asarray(w, dtype=np.float32)
        arrays[f"b{i}"] = np.asarray(b, dtype=np.float32)
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("wb") as fh:  # a file object: np.savez would otherwise append ".npz" to the name
        np.savez(fh, **arrays)  # type: ignore[arg-type]
    return out


def load_policy(path: str | Path) -> Policy:
    """Read and check a policy file (cached per path and modification time)."""
    p = Path(path).expanduser()
    try:
        stamp = p.stat().st_mtime_ns
    except OSError as exc:
        raise PolicyError(f"cannot read the policy file {path}: {exc.strerror or exc}") from None
    return _load(str(p.resolve()), stamp)


@lru_cache(maxsize=32)
def _load(path: str, _stamp: int) -> Policy:
    return _parse(path, path)


def _parse(source: Any, path: str) -> Policy:
    try:
        with np.load(source, allow_pickle=False) as data:
            header = json.loads(str(data["meta"]))
            n = sum(1 for k in data.files if k.startswith("w"))
            weights = tuple(np.array(data[f"w{i}"], dtype=np.float32) for i in range(n))
            biases = tuple(np.array(data[f"b{i}"], dtype=np.float32) for i in range(n))
    except (OSError, ValueError, KeyError, json.JSONDecodeError) as exc:
        raise PolicyError(f"{path} is not a nastolka policy file: {exc}") from None
    if not isinstance(header, dict) or header.get("format") != POLICY_FORMAT:
        raise PolicyError(f"{path} is not a nastolka policy file (format {POLICY_FORMAT})")
    if header.get("activation", "tanh") not in ACTIVATIONS:
        raise PolicyError(f"{path}: unknown activation {header.get('activation')!r}")
    sizes = [int(header["encoder"]["size"])] + [w.shape[0] for w in weights]
    for i, w in enumerate(weights):
        if w.ndim != 2 or w.shape[1] != sizes[i] or biases[i].shape != (w.shape[0],):
            raise PolicyError(f"{path}: layer {i} has shape {w.shape}, which does not chain")
    if sizes[-1] < len(header["actions"]):
        raise PolicyError(f"{path}: {sizes[-1]} outputs for {len(header['actions'])} action ids")
    return Policy(header, weights, biases, path)


# ------------------------------------------------------------------------------------------ names
_REGISTERED: dict[str, str] = {}  # name after the prefix -> path


def register_policy(path: str | Path, name: str | None = None) -> str:
    """Offer the policy at ``path`` as the bot ``policy:<name>`` (default: the file's stem)."""
    policy = load_policy(path)
    key = name or Path(path).stem
    _REGISTERED[key] = policy.path
    return PREFIX + key


def _registered_from_env() -> None:
    for part in os.environ.get(ENV, "").split(os.pathsep):
        if part and Path(part).stem not in _REGISTERED:
            register_policy(part)


def registered_for(game: Game) -> list[str]:
    """``policy:<name>`` of every registered policy trained for ``game`` (for menus and seat lists)."""
    _registered_from_env()
    out = []
    for key, path in _REGISTERED.items():
        try:
            if load_policy(path).game == game.id:
                out.append(PREFIX + key)
        except PolicyError:
            continue
    return sorted(out)


#: policies shipped with a batch to workers that may not see the file (``install_policies``)
_INSTALLED: dict[str, Policy] = {}


def policy_blobs(names: Sequence[str]) -> dict[str, bytes]:
    """The file contents behind every ``policy:`` name in ``names``, to send along with a batch.

    Why: on a Ray cluster the path exists only on the machine that started the command; the workers
    get the bytes instead (see ``install_policies``) and play exactly the policy that was checked here.
    """
    out: dict[str, bytes] = {}
    for name in names:
        if name.startswith(PREFIX) and name not in out:
            out[name] = Path(resolve(name).path).read_bytes()
    return out


def install_policies(blobs: Mapping[str, bytes] | None) -> None:
    """Make ``policy:`` names resolve to these contents in this process (a worker of a batch)."""
    for name, data in (blobs or {}).items():
        current = _INSTALLED.get(name)
        if current is None or current.meta.get("_digest") != _digest(data):
            policy = _parse(io.BytesIO(data), name[len(PREFIX):])
            policy.meta["_digest"] = _digest(data)
            _INSTALLED[name] = policy


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def resolve(name: str) -> Policy:
    """The policy behind ``policy:NAME`` (a registered name) or ``policy:PATH`` (a file)."""
    if name in _INSTALLED:
        return _INSTALLED[name]
    ref = name[len(PREFIX):] if name.startswith(PREFIX) else name
    if not ref:
        raise PolicyError("policy: needs a file, e.g. --bots policy:runs/show_battle/policy.npz")
    _registered_from_env()
    return load_policy(_REGISTERED.get(ref, ref))


# ------------------------------------------------------------------------------------------ the bot
class PolicyBot:
    """Plays the legal action the trained network ranks highest."""

    def __init__(self, game: Game, policy: Policy, seed: int, name: str) -> None:
        if policy.game != game.id:
            raise PolicyError(f"the policy {policy.path} was trained for {policy.describe()}, "
                              f"not for {game.id}")
        if str(policy.meta["rules_version"]) != str(game.rules_version):
            raise PolicyError(f"the policy {policy.path} was trained on rules version "
                              f"{policy.meta['rules_version']} of {game.id}; this is version "
                              f"{game.rules_version}: retrain it")
        self.game = game
        self.policy = policy
        self.name = name
        self.rng = Rng(seed ^ 0x9011C7)
        self._index = {aid: i for i, aid in enumerate(policy.action_ids)}
        self._spec: Any = None

    def check_table(self, players: int, options: dict[str, Any] | None = None) -> None:
        """Refuse a table the policy was not trained for (player count, options, encoder)."""
        if players != self.policy.players:
            raise PolicyError(f"the policy {self.policy.path} was trained for {self.policy.describe()}; "
                              f"this table has {players} players")
        from .spec import make_spec, options_key

        spec = make_spec(self.game, players, options or {})
        if options_key(spec.options) != options_key(self.policy.meta["options"]):
            raise PolicyError(f"the policy {self.policy.path} was trained with options "
                              f"{options_key(self.policy.meta['options'])}, not {options_key(spec.options)}")
        enc = self.policy.meta["encoder"]
        if spec.encoder.name != enc["name"] or spec.encoder.size != int(enc["size"]):
            raise PolicyError(f"the policy {self.policy.path} reads observations {enc['name']}; this "
                              f"version encodes {spec.encoder.name}: retrain it")
        self._spec = spec

    def choose(self, state: GameState, seat: int) -> str:
        if self._spec is None or self._spec.players != state.players:
            self.check_table(state.players, dict(state.origin.options))
        legal = state.legal_ids(seat)
        known = [(self._index[aid], aid) for aid in legal if aid in self._index]
        if not known:
            return legal[self.rng.randbelow(len(legal))]
        if len(legal) == 1:
            return legal[0]
        logits = self.policy.logits(self._spec.observation(state, seat))
        best = max(known, key=lambda pair: (float(logits[pair[0]]), -pair[0]))
        return best[1]


def make_policy_bot(game: Game, name: str, seed: int = 0, **_kwargs: Any) -> PolicyBot:
    return PolicyBot(game, resolve(name), seed, name)


def batch_prepare(names: Sequence[str]) -> tuple[Any, Any] | None:
    """The runner's ``prepare`` for a batch seating ``names``: ships their policies to the workers."""
    blobs = policy_blobs(names)
    return (install_policies, blobs) if blobs else None


def use_policies(paths: Sequence[str]) -> list[str]:
    """Register policy files for menus and seat lists, in this process and the ones it starts.

    The paths are added to ``NASTOLKA_POLICIES`` as absolute paths, so server worker processes (and a
    restarted server) offer the same policies; returns their bot names.
    """
    names = [register_policy(p) for p in paths]
    known = [part for part in os.environ.get(ENV, "").split(os.pathsep) if part]
    for p in paths:
        full = str(Path(p).expanduser().resolve())
        if full not in known:
            known.append(full)
    if known:
        os.environ[ENV] = os.pathsep.join(known)
    return names
