"""nastolka: tabletop card games with their rules enforced.

This module is the composition root: the layers below (engine ← games ← services ← clients) never import
upward, so the few links that point from a lower layer to a higher one at run time are made here, by
name, without importing anything heavy:

* the engine's registry finds the games through a discoverer that walks ``nastolka/games``;
* the bots service learns the research bots and the trained-policy bots (``policy:…``) that live in the
  RL adapters (loaded on first use).

The first thing the package does is choose between the compiled and the pure build of its hot modules
(:mod:`nastolka.native`): ``NASTOLKA_PURE=1`` or a stale build means the Python sources run.
"""

from __future__ import annotations

from nastolka import native as _native

_native.install()


def _discover_games() -> None:
    from nastolka.games import discover

    discover()


def _wire() -> None:
    from nastolka.bots.base import POLICY_PREFIX, BotFamily, register_family, register_lazy
    from nastolka.engine.registry import add_discoverer

    add_discoverer(_discover_games)
    register_lazy("openspiel_ismcts", "nastolka.rl.openspiel_bot")
    register_family(BotFamily(POLICY_PREFIX, names="nastolka.rl.policy:registered_for",
                              make="nastolka.rl.policy:make_policy_bot", prepare="nastolka.rl.policy:batch_prepare"))


_wire()
