"""Research adapters: PettingZoo, Gymnasium and OpenSpiel views of every nastolka game.

Nothing here knows a rule: each adapter drives the engine (``legal_ids``, ``apply``, ``view``,
``determinize``, ``result``) through one shared :class:`nastolka.rl.spec.RLSpec`. See ``docs/rl.md``.
"""
