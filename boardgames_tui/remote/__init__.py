"""A table across machines: one process hosts a match, and each remote seat joins from its
own terminal.  `wire` is the messages (pydantic only); `host` and `client` carry them over
aiohttp's websockets and are imported only by `host` and `join` (the `remote` extra)."""
