"""Rolling tables: the data files, the library that loads them and the Tables dock.

Built-in tables live in ``resources/tables/``; a player's own tables in the ``tables`` folder of
the application's data location (JSON or plain text, one entry per line). Rolls use the
campaign's generator through :class:`~saga_desktop.model.ops.rolling_tables.RollOnTable`, so each is
journaled and undoable.
"""
