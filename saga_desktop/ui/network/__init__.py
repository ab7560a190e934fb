"""Play over the network: the Session menu, hosting, joining and the player's window."""
