"""The dice-pool operations: cards, monsters, checks and the combat round."""
