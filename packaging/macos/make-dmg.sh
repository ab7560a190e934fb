#!/bin/sh
# Wrap "Saga Desktop.app" in a compressed disk image with a shortcut to /Applications, so a
# player opens the .dmg and drags the app across.
#
#   packaging/macos/make-dmg.sh "dist/Saga Desktop.app" dist/saga-desktop-0.1.0-macos-arm64.dmg
#
# packaging/build.py runs it on macOS. The app is signed ad hoc by PyInstaller only: without a
# Developer ID and notarization, the first start needs right-click > Open (see the README).
set -eu

if [ "$#" -ne 2 ]; then
    echo "usage: $0 APP DMG" >&2
    exit 2
fi
app=$1
dmg=$2
[ -d "$app" ] || { echo "make-dmg.sh: $app is not there" >&2; exit 1; }

stage=$(mktemp -d "${TMPDIR:-/tmp}/saga-dmg.XXXXXX")
trap 'rm -rf "$stage"' EXIT INT TERM

ditto "$app" "$stage/$(basename "$app")"
ln -s /Applications "$stage/Applications"
rm -f "$dmg"
hdiutil create -volname "Saga Desktop" -srcfolder "$stage" -fs HFS+ -format UDZO \
    -imagekey zlib-level=9 -ov "$dmg"
hdiutil verify "$dmg"
echo "make-dmg.sh: wrote $dmg"
