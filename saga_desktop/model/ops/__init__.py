"""The operations a campaign understands, grouped by what they change."""
