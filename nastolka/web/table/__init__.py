"""The browser client's table page, split by job (ES modules): socket, state, actions, render and panels."""
