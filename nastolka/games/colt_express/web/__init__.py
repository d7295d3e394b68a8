"""Package data: the browser board of this game (board.js, board.css, words.toml), found by the server."""
