"""Frozen action vocabularies, one JSON file per game (see :mod:`nastolka.rl.spaces`)."""
