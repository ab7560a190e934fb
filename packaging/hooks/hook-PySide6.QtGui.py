"""PyInstaller's own hook for PySide6.QtGui, minus the plugins and translations trim.py drops.

It replaces the built-in hook (a hookspath hook wins) and filters before PyInstaller analyses the
collected files, so the libraries that only dropped plugins need are never collected.
"""

import trim
from PyInstaller.utils.hooks.qt import add_qt6_dependencies

hiddenimports, binaries, datas = add_qt6_dependencies(__file__)
binaries = trim.filter_hook(binaries)
datas = trim.filter_hook(datas)
