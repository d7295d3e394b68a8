"""The browser client: static files (HTML, CSS, ES modules) served by ``nastolka serve``; no build step."""
