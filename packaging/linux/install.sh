#!/bin/sh
# Install Saga Desktop for you alone: no root password, nothing outside your home folder.
#
#   ./install.sh        install, or update an earlier install
#
# The program goes to ~/.local/opt/saga-desktop, a "saga-desktop" command to ~/.local/bin, and the
# menu entry, the icons and the .saga file type to ~/.local/share. uninstall.sh (also copied next
# to the program) takes them away again. Your campaigns, backups and settings are never touched.
set -eu

here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
data_home=${XDG_DATA_HOME:-$HOME/.local/share}
dest=$HOME/.local/opt/saga-desktop
bin_dir=$HOME/.local/bin
exe=$dest/saga-desktop

if [ ! -x "$here/saga-desktop/saga-desktop" ]; then
    echo "install.sh: saga-desktop/saga-desktop is missing; run me from the unpacked folder." >&2
    exit 1
fi

echo "Installing Saga Desktop into $dest"
mkdir -p "$HOME/.local/opt" "$bin_dir" "$data_home/applications" "$data_home/mime/packages" \
    "$data_home/icons/hicolor"

# Copy beside the old version first, then swap: a failed copy leaves the old one working.
rm -rf "$dest.new"
cp -RP "$here/saga-desktop" "$dest.new"
cp "$here/uninstall.sh" "$dest.new/uninstall.sh"
chmod 755 "$dest.new/uninstall.sh"
rm -rf "$dest"
mv "$dest.new" "$dest"
ln -sfn "$exe" "$bin_dir/saga-desktop"

# The menu entry, pointing at the installed program (quoted: the path may hold spaces).
sed_exe=$(printf '%s\n' "$exe" | sed 's/[\\&|]/\\&/g')
sed -e "s|^Exec=.*|Exec=\"$sed_exe\" %f|" -e "s|^TryExec=.*|TryExec=$sed_exe|" \
    "$here/share/applications/saga-desktop.desktop" > "$data_home/applications/saga-desktop.desktop"

# Icons for the app, and the same pictures for .saga files in file managers.
cp -R "$here/share/icons/hicolor/." "$data_home/icons/hicolor/"
for icon in "$here"/share/icons/hicolor/*/apps/saga-desktop.*; do
    size=$(basename "$(dirname "$(dirname "$icon")")")
    mkdir -p "$data_home/icons/hicolor/$size/mimetypes"
    cp "$icon" "$data_home/icons/hicolor/$size/mimetypes/application-x-saga-campaign.${icon##*.}"
done

# The .saga file type.
cp "$here/share/mime/packages/saga-desktop.xml" "$data_home/mime/packages/saga-desktop.xml"

# Tell the desktop about it, with whichever tools this system has.
if command -v update-mime-database >/dev/null 2>&1; then
    update-mime-database "$data_home/mime" >/dev/null 2>&1 || true
fi
if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database "$data_home/applications" >/dev/null 2>&1 || true
fi
if command -v gtk-update-icon-cache >/dev/null 2>&1; then
    gtk-update-icon-cache -f -t "$data_home/icons/hicolor" >/dev/null 2>&1 || true
fi
if command -v xdg-mime >/dev/null 2>&1; then
    xdg-mime default saga-desktop.desktop application/x-saga-campaign >/dev/null 2>&1 || true
fi

echo "Done. Start Saga Desktop from your applications menu (Games), or double-click a .saga file."
case ":${PATH:-}:" in
    *":$bin_dir:"*) echo "From a terminal: saga-desktop" ;;
    *) echo "From a terminal: $exe  (add $bin_dir to your PATH to type just saga-desktop)" ;;
esac
