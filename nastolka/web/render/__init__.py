"""Per-game board renderers of the browser client (ES modules)."""
