"""Bots: the interface, the registry and the generic bots."""

from .base import Bot, bot_names, make_bot, register_generic
from .random_bot import RandomBot

__all__ = ["Bot", "RandomBot", "bot_names", "make_bot", "register_generic"]
