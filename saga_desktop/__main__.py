"""Command line: ``saga-desktop [FILE | LINK]``, ``--check``, ``--serve FILE``, ``--version``.

``LINK`` is a ``saga://`` join link (opens the Join dialog on it); ``--serve FILE [--port N]
[--no-announce]`` hosts a campaign without a window; ``--self-test`` builds the window and exits.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

# The app uses no pydantic plugins; skipping their discovery saves ~20 ms at every start.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

from saga_desktop import APP_NAME, app_version
from saga_desktop.i18n import tr
from saga_desktop.startup import hold_collector, quick_exit


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="saga-desktop",
        description=tr(
            "{app}: a desktop table for Songs & Sagas, Resonance and dice-pool games.",
            app=APP_NAME,
        ),
    )
    parser.add_argument(
        "file",
        nargs="?",
        metavar=tr("FILE_OR_LINK"),
        help=tr("a .saga campaign to open, or a saga:// link to join a game"),
    )
    parser.add_argument(
        "--check",
        metavar=tr("FILE"),
        type=Path,
        help=tr("check a campaign file without opening a window (exit 0 ok, 1 bad, 2 unreadable)"),
    )
    parser.add_argument(
        "--serve",
        metavar=tr("FILE"),
        type=Path,
        help=tr("host a campaign for players over the network, without a window"),
    )
    parser.add_argument(
        "--port",
        metavar=tr("PORT"),
        type=int,
        default=None,
        help=tr("the port --serve listens on (default {port})", port=47800),
    )
    parser.add_argument(
        "--no-announce",
        action="store_true",
        help=tr("with --serve: do not announce the game on the local network"),
    )
    parser.add_argument(
        "--no-internet",
        action="store_true",
        help=tr("with --serve: no internet play (players join on the local network only)"),
    )
    parser.add_argument(
        "--relay",
        metavar=tr("RELAY"),
        default=None,
        help=tr(
            "with --serve: the relay for internet players a direct connection cannot reach: "
            "'default' (the public relays), 'off' (direct connections only) or an https:// address"
        ),
    )
    parser.add_argument(
        "--self-test",
        action="store_true",
        help=tr("build the window with the sample campaign, save and reload it, then exit"),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"{APP_NAME} {app_version()}",
        help=tr("show the version and exit"),
    )
    return parser


def _import_model_before_qt() -> None:
    """Import the layers without Qt (pydantic, the model, storage) before the window's code.

    Once imported, PySide6 reads the source of every module imported after it (for its optional
    ``__feature__`` switches); the model's and pydantic's modules imported first are spared that.
    """
    import saga_desktop.model.factory
    import saga_desktop.model.session
    import saga_desktop.storage  # noqa: F401


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the process exit code."""
    from saga_desktop.command_line import speak

    speak()  # the help, the errors and the lines below in the computer's language
    args = _parser().parse_args(argv)
    if args.check is not None:
        from saga_desktop.check import check_file

        code, line = check_file(args.check)
        (sys.stdout if code == 0 else sys.stderr).write(line + "\n")
        return code
    if args.serve is not None:
        from saga_desktop.network.codes import DEFAULT_PORT
        from saga_desktop.serve import serve

        port = DEFAULT_PORT if args.port is None else args.port
        if not 0 <= port <= 65535:
            sys.stderr.write(tr("The port must be between 0 and 65535, not {port}.", port=port))
            sys.stderr.write("\n")
            return 2
        relay = "none" if args.no_internet else args.relay
        return serve(args.serve, port, announce=not args.no_announce, relay=relay)
    if args.port is not None or args.no_announce or args.relay is not None or args.no_internet:
        sys.stderr.write(
            tr("--port, --no-announce, --no-internet and --relay go with --serve FILE.") + "\n"
        )
        return 2
    hold_collector()  # until the window is up (saga_desktop.startup)
    try:
        return _window(args)
    finally:
        quick_exit()


def _window(args: argparse.Namespace) -> int:
    _import_model_before_qt()
    import PySide6.QtCore  # noqa: F401 - first, so the scan below is sped up before the UI loads

    from saga_desktop.ui.pyside_imports import speed_up_feature_scan

    speed_up_feature_scan()
    if args.self_test:
        from saga_desktop.app import self_test

        return self_test()
    from saga_desktop.app import run

    if args.file is not None and str(args.file).lower().startswith("saga:"):
        return run(None, join_link=str(args.file))
    return run(None if args.file is None else Path(args.file))


if __name__ == "__main__":
    raise SystemExit(main())
