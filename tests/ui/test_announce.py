from PySide6.QtWidgets import QLabel

from saga_desktop.ui.announce import Announcement, announce, listeners


def test_announce_reaches_listeners_with_politeness(qtbot):
    label = QLabel("x")
    qtbot.addWidget(label)
    heard: list[Announcement] = []
    listeners.append(heard.append)
    try:
        announce(label, "  Rolled   14:\n success ")
        announce(label, "Sam, a Willpower trial is yours", assertive=True)
        announce(label, "   ")
    finally:
        listeners.remove(heard.append)
    assert [(a.text, a.assertive) for a in heard] == [
        ("Rolled 14: success", False),
        ("Sam, a Willpower trial is yours", True),
    ]
    assert heard[0].source is label
