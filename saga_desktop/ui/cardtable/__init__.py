"""The animated card table: any ruleset's named piles of cards, laid out and moved on screen."""
