#!/usr/bin/env bash
# Install the Debian packages the plugin, its tests and its demo need (QGIS,
# the scientific stack from Debian, Qt's lrelease). Does nothing when all are
# there. numpy, pandas and scipy come from Debian: pip's numpy 2 would break
# Debian's scipy and GDAL bindings.
set -euo pipefail

packages=(qgis python3-qgis qgis-providers python3-gdal python3-numpy python3-pandas
          python3-scipy python3-venv python3-pip python3-pytest python3-hypothesis
          xvfb xauth sqlite3 python3-psycopg2 e2fsprogs)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$package")
done
have_lrelease=no
{ command -v lrelease || [ -x /usr/lib/qt6/bin/lrelease ] || [ -x /usr/lib/qt5/bin/lrelease ]; } \
  >/dev/null 2>&1 && have_lrelease=yes
[ ${#missing[@]} -eq 0 ] && [ "$have_lrelease" = yes ] && exit 0

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get update -qq
if [ "$have_lrelease" = no ]; then
  # Qt 5's tools where Debian still ships them, else Qt 6's.
  if apt-cache show qttools5-dev-tools >/dev/null 2>&1; then
    missing+=(qttools5-dev-tools)
  else
    missing+=(qt6-l10n-tools)
  fi
fi
echo "Installing: ${missing[*]}"
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
