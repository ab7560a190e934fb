"""The campaign as pydantic models, changed only through operations applied to a session."""
