"""Songs & Sagas operations, by what they change."""
