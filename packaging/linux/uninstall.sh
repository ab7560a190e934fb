#!/bin/sh
# Remove what install.sh installed. Your campaigns, backups and settings stay where they are.
set -eu

data_home=${XDG_DATA_HOME:-$HOME/.local/share}
dest=$HOME/.local/opt/saga-desktop
link=$HOME/.local/bin/saga-desktop

# The command, only if it is ours.
if [ -L "$link" ] && [ "$(readlink "$link")" = "$dest/saga-desktop" ]; then
    rm -f "$link"
fi
rm -f "$data_home/applications/saga-desktop.desktop"
rm -f "$data_home/mime/packages/saga-desktop.xml"
rm -f "$data_home"/icons/hicolor/*/apps/saga-desktop.png \
    "$data_home"/icons/hicolor/*/apps/saga-desktop.svg \
    "$data_home"/icons/hicolor/*/mimetypes/application-x-saga-campaign.png \
    "$data_home"/icons/hicolor/*/mimetypes/application-x-saga-campaign.svg
rm -rf "$dest" "$dest.new"

if command -v update-mime-database >/dev/null 2>&1 && [ -d "$data_home/mime" ]; then
    update-mime-database "$data_home/mime" >/dev/null 2>&1 || true
fi
if command -v update-desktop-database >/dev/null 2>&1 && [ -d "$data_home/applications" ]; then
    update-desktop-database "$data_home/applications" >/dev/null 2>&1 || true
fi
if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$data_home/icons/hicolor/icon-theme.cache" ]; then
    gtk-update-icon-cache -f -t "$data_home/icons/hicolor" >/dev/null 2>&1 || true
fi

echo "Saga Desktop is removed. Your campaigns, backups and settings are kept in"
echo "  $data_home/saga-desktop"
echo "  ${XDG_CONFIG_HOME:-$HOME/.config}/Saga Desktop"
echo "Delete those folders too if you want nothing left."
