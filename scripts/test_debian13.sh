#!/usr/bin/env bash
# Run the test suite in a Debian 13 (trixie) chroot: QGIS 3.40, Python 3.13,
# numpy 2, pandas 2.
#
#   scripts/test_debian13.sh [CHECKOUT [COMMAND...]]
#
# CHECKOUT (default: this repository) is copied into the chroot (without
# .git, .venv, build/ and caches) and COMMAND (default: make test) runs there;
# its exit code is this script's. The first run builds the chroot with
# debootstrap under ~/.cache/spatial-privacy/debian13 ($XDG_CACHE_HOME when set;
# DEBIAN13_CHROOT overrides the place: outside the checkout, so that no clone copies or
# scans a whole Debian, and every clone reuses it) from
# the Debian mirror this machine's apt uses (DEBIAN13_MIRROR overrides it),
# then installs QGIS etc. with scripts/install_deps.sh; later runs reuse it.
# The host's CA bundle, resolver and pip configuration are copied in at every
# run, and local folders that pip's configuration names (find-links, file://
# indexes) are bind-mounted read-only. Mounts live in a private mount
# namespace and are also unmounted on exit, whatever the outcome.
# Needs root (re-runs itself under sudo otherwise), debootstrap and unshare.
# DEBIAN13_BACKPORTS=1: QGIS from trixie-backports (3.44, the long-term release), in a chroot
# of its own (debian13-backports beside it).
set -euo pipefail

suite=trixie
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
backports=${DEBIAN13_BACKPORTS:-0}
cache=${XDG_CACHE_HOME:-$HOME/.cache}/spatial-privacy
default_root=$cache/debian13
[ "$backports" = 1 ] && default_root=$cache/debian13-backports
root=${DEBIAN13_CHROOT:-$default_root}
inside=/srv/spatial-privacy

if [ "$(id -u)" -ne 0 ]; then
  exec sudo --preserve-env bash "$0" "$@"
fi

checkout=$(cd "${1:-$repo}" && pwd)
[ $# -gt 0 ] && shift
command=("$@")
[ ${#command[@]} -eq 0 ] && command=(make test)

say() { printf '[debian13] %s\n' "$*" >&2; }

# The Debian archive (and its security archive) the host's apt is configured with.
host_mirror() {  # $1: Debian or Debian-Security
  local uri
  uri=$(apt-get indextargets --format '$(LABEL) $(REPO_URI)' 2>/dev/null \
        | awk -v label="$1" '$1 == label { print $2; exit }')
  if [ -z "$uri" ]; then
    # No downloaded lists: read the source files themselves (one-line and deb822 formats).
    local pattern='/debian/?$'
    [ "$1" = Debian-Security ] && pattern='/debian-security/?$'
    uri=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources \
            2>/dev/null \
          | sed -n -e 's/^[[:space:]]*deb[[:space:]]\+\(\[[^]]*\][[:space:]]\+\)\?\([^[:space:]]\+\).*/\2/p' \
                   -e 's/^URIs:[[:space:]]*//p' \
          | tr ' ' '\n' | grep -E "$pattern" | head -n 1 || true)
  fi
  printf '%s' "${uri%/}"
}

build_chroot() {
  if ! command -v debootstrap >/dev/null; then
    say "installing debootstrap"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap \
      || { say "debootstrap could not be installed: apt-get install debootstrap"; exit 2; }
  fi
  local mirror security
  mirror=${DEBIAN13_MIRROR:-$(host_mirror Debian)}
  security=${DEBIAN13_SECURITY_MIRROR:-$(host_mirror Debian-Security)}
  [ -n "$mirror" ] || { say "no Debian mirror found in the host's apt configuration"; exit 2; }
  say "building $root from $mirror (once)"
  rm -rf "$root.partial"
  mkdir -p "$(dirname "$root")"
  debootstrap --variant=minbase --include=ca-certificates,make "$suite" "$root.partial" "$mirror"
  {
    printf 'Types: deb\nURIs: %s\nSuites: %s %s-updates\nComponents: main\n' "$mirror" "$suite" "$suite"
    printf 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n'
    if [ -n "$security" ]; then
      printf '\nTypes: deb\nURIs: %s\nSuites: %s-security\nComponents: main\n' "$security" "$suite"
      printf 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n'
    fi
    if [ "$backports" = 1 ]; then
      printf '\nTypes: deb\nURIs: %s\nSuites: %s-backports\nComponents: main\n' "$mirror" "$suite"
      printf 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n'
    fi
  } > "$root.partial/etc/apt/sources.list.d/debian.sources"
  if [ "$backports" = 1 ]; then
    # QGIS and its libraries from backports; everything else from trixie.
    printf 'Package: qgis* python3-qgis* libqgis* qgis-providers*\nPin: release n=%s-backports\nPin-Priority: 990\n' \
      "$suite" > "$root.partial/etc/apt/preferences.d/qgis-backports"
  fi
  rm -f "$root.partial/etc/apt/sources.list"
  # Documentation is of no use here and takes space.
  printf 'path-exclude /usr/share/doc/*\npath-exclude /usr/share/man/*\n' \
    > "$root.partial/etc/dpkg/dpkg.cfg.d/01-nodoc"
  mv "$root.partial" "$root"   # only a complete chroot gets the final name
}

# Folders and files named in the host's pip configuration (find-links, file:// indexes, cert);
# a PEP 503 index (…/simple) links its files relative to it (../files), so its parent is taken.
pip_paths() {
  {
    cat /etc/pip.conf /etc/xdg/pip/pip.conf "$HOME/.config/pip/pip.conf" "$HOME/.pip/pip.conf" \
        ${PIP_CONFIG_FILE:+"$PIP_CONFIG_FILE"} 2>/dev/null \
      | sed -n -e 's/^[^#;=[:space:]][^=]*=//p' -e 's/^[[:space:]]\+//p'
    env | sed -n 's/^PIP_[A-Z_]*=//p'
  } | tr ' \t' '\n\n' | sed -e 's#^file://##' -e 's#/simple/\?$##' | grep '^/' | sort -u || true
}

mounted=()
cleanup() {
  local i
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
    umount -l "${mounted[i]}" 2>/dev/null || true
  done
}

mount_at() {  # mount_at TARGET MOUNT-ARGS...
  local target=$1; shift
  mkdir -p "$target"
  mount "$@" "$target"
  mounted+=("$target")
}

run_inside() {
  trap cleanup EXIT
  mount --make-rprivate / 2>/dev/null || true
  mount_at "$root/proc" -t proc proc
  mount_at "$root/sys" -t sysfs sysfs
  mount_at "$root/dev" --bind /dev
  mount_at "$root/dev/pts" -t devpts devpts
  mount_at "$root/dev/shm" -t tmpfs tmpfs
  mount_at "$root/tmp" -t tmpfs tmpfs

  cp -L /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
  # The host's CA bundle (it may hold a proxy's CA) joins the chroot's own.
  local bundle=${SSL_CERT_FILE:-/etc/ssl/certs/ca-certificates.crt}
  if [ -f "$bundle" ] && ! cmp -s "$bundle" "$root/usr/local/share/ca-certificates/host-bundle.crt"; then
    cp -L "$bundle" "$root/usr/local/share/ca-certificates/host-bundle.crt"
    chroot "$root" update-ca-certificates --fresh >/dev/null
  fi

  # pip as on the host: its configuration files, and the local folders they name.
  local file path
  for file in /etc/pip.conf /etc/xdg/pip/pip.conf; do
    rm -f "$root$file"
    [ -f "$file" ] && { mkdir -p "$(dirname "$root$file")"; cp -L "$file" "$root$file"; }
  done
  for file in .config/pip/pip.conf .pip/pip.conf; do
    rm -f "$root/root/$file"
    [ -f "$HOME/$file" ] && { mkdir -p "$(dirname "$root/root/$file")"; cp -L "$HOME/$file" "$root/root/$file"; }
  done
  if [ -n "${PIP_CONFIG_FILE:-}" ] && [ -f "$PIP_CONFIG_FILE" ]; then
    mkdir -p "$(dirname "$root$PIP_CONFIG_FILE")"
    cp -L "$PIP_CONFIG_FILE" "$root$PIP_CONFIG_FILE"
  fi
  # Files copied at the last run are copied afresh; the chroot's own files are left alone.
  local copied=$root/var/lib/host-copied-files
  [ -f "$copied" ] && xargs -r -d '\n' rm -f -- < <(sed "s#^#$root#" "$copied")
  : > "$copied"
  while read -r path; do
    [ -n "$path" ] || continue
    if [ -d "$path" ] && { [ ! -e "$root$path" ] || [ -z "$(ls -A "$root$path" 2>/dev/null)" ]; }; then
      mount_at "$root$path" --bind -o ro "$path"
    elif [ -f "$path" ] && [ ! -e "$root$path" ]; then
      mkdir -p "$(dirname "$root$path")"
      cp -L "$path" "$root$path"
      printf '%s\n' "$path" >> "$copied"
    fi
  done < <(pip_paths)

  # A fresh copy of the checkout; the chroot's own .venv survives between runs.
  mkdir -p "$root$inside"
  find "$root$inside" -mindepth 1 -maxdepth 1 ! -name .venv -exec rm -rf {} +
  tar -C "$checkout" --exclude=./.git --exclude=./.venv --exclude=./build --exclude=./demo_output \
      --exclude=__pycache__ --exclude=./.pytest_cache --exclude=./.hypothesis --exclude='./i18n/*.qm' \
      -cf - . | tar -C "$root$inside" -xf -

  local environment=(HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
                     LANG=C.UTF-8 TERM="${TERM:-dumb}" DEBIAN_FRONTEND=noninteractive
                     QT_QPA_PLATFORM=offscreen)
  local name
  for name in $(compgen -e); do
    case $name in
      PIP_*|http_proxy|https_proxy|no_proxy|HTTP_PROXY|HTTPS_PROXY|NO_PROXY|CI|SPATIAL_PRIVACY_PG_PORT)
        environment+=("$name=${!name}") ;;
    esac
  done

  say "$(chroot "$root" sh -c '. /etc/os-release; echo "$PRETTY_NAME"'); running: ${command[*]}"
  local status=0
  chroot "$root" /usr/bin/env -i "${environment[@]}" /bin/bash -c \
    'cd "$0" && bash scripts/install_deps.sh && exec "$@"' "$inside" "${command[@]}" || status=$?
  return $status
}

if [ "${SP_DEBIAN13_NAMESPACE:-}" = 1 ]; then
  run_inside
  exit $?
fi

# One run at a time per chroot.
mkdir -p "$(dirname "$root")"
exec 9>"$root.lock"
flock 9
start=$(date +%s)
[ -d "$root" ] || build_chroot
# Mounts in a private namespace: they vanish with it even if this script is killed.
status=0
SP_DEBIAN13_NAMESPACE=1 unshare --mount --propagation private bash "$0" "$checkout" "${command[@]}" || status=$?
say "finished with status $status in $(( $(date +%s) - start )) s"
exit $status
