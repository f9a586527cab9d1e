#!/usr/bin/env bash
# Set up a fresh Debian 12 machine for Arbiter, build it, and then either run
# the app on a demo tournament or run the whole test suite.
#
#   build-aux/setup.sh run     install what is missing, build, launch Arbiter
#   build-aux/setup.sh test    install what is missing, build, run every test
#
# Packages are installed with apt-get (through sudo when not root). The build
# goes to ./build.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"

mode=${1:-run}
case $mode in
  run | test) ;;
  *)
    echo "usage: build-aux/setup.sh run|test" >&2
    exit 2
    ;;
esac

# What building and running Arbiter needs (both modes).
packages=(
  # build
  gcc meson ninja-build pkg-config gettext
  libglib2.0-dev libglib2.0-bin libgtk-4-dev libadwaita-1-dev
  libsqlite3-dev libsoup-3.0-dev libcairo2-dev libjson-glib-dev
  libqrencode-dev libsecret-1-dev libgnutls28-dev
  # run time: GIO's TLS (the arbiters' service over HTTPS)
  glib-networking
  # run time: SVG icons and pieces, icon cache, the GNOME font
  librsvg2-common libgtk-4-bin fonts-cantarell
  # the figurines of printed diagrams
  fonts-dejavu-core
)

# What the tests and the benchmarks need besides (test mode only). The lint
# test tests/lint/check-packages.py fails when either list misses a package
# that the build, the tests or the program need.
test_packages=(
  # data file validation
  desktop-file-utils appstream
  # windows under a virtual X server, real key presses, the source format
  xvfb xauth dbus-x11 xdotool clang-format python3
  # a QR code reader, to read the address of the published round back
  zbar-tools
  # a PDF reader, to read the printed reports back
  poppler-utils
  # peers of the oracle tests and the benchmarks
  pgn-extract stockfish hyperfine sqlite3
  # the display page under a real browser (headless)
  chromium
)
[ "$mode" = test ] && packages+=("${test_packages[@]}")

missing=()
for p in "${packages[@]}"; do
  case $p in \#*) continue;; esac
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo=sudo
  $sudo apt-get update -q
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
  echo "setup: packages installed after ${SECONDS} s"
fi

# The user's language. gettext translates only in a locale that exists, and
# a fresh Debian has only C.UTF-8: when LC_ALL, LC_MESSAGES or LANG names a
# UTF-8 locale the system lacks (sv_SE.UTF-8, nb_NO.UTF-8, …), generate it.
# (LANGUAGE alone needs nothing: Arbiter reads it in C.UTF-8.)
want=${LC_ALL:-${LC_MESSAGES:-${LANG:-}}}
case $want in
  "" | C | C.* | POSIX) ;;
  *.UTF-8 | *.utf8 | *.UTF8 | *.utf-8)
    name=${want%%.*}
    if ! locale -a 2>/dev/null | grep -qix "$name\.utf-\?8"; then
      sudo=""
      [ "$(id -u)" -ne 0 ] && sudo=sudo
      if [ ! -f "/usr/share/i18n/locales/$name" ]; then
        $sudo apt-get update -q
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends locales
      fi
      echo "setup: generating the locale $name.UTF-8"
      $sudo localedef -i "$name" -f UTF-8 "$name.UTF-8" ||
        echo "setup: could not generate $name.UTF-8; Arbiter will speak English" >&2
    fi
    ;;
esac

# External test data (perft suites, PGN oddities, oracles), when the
# environment names a directory of it: ARB_TESTDATA=DIR build-aux/setup.sh test
testdata_opt=()
if [ -n "${ARB_TESTDATA:-}" ]; then
  testdata_opt=(-Dtestdata="$(cd "$ARB_TESTDATA" && pwd)")
fi
if [ ! -f build/build.ninja ]; then
  meson setup build "${testdata_opt[@]}"
elif [ ${#testdata_opt[@]} -gt 0 ]; then
  meson configure build "${testdata_opt[@]}"
fi
meson compile -C build
echo "setup: built after ${SECONDS} s"

case $mode in
  run)
    # Uninstalled, the settings schema is the one compiled in the build; the
    # translations are found in the build tree by the program itself.
    GSETTINGS_SCHEMA_DIR="$here/build/data" exec build/src/gui/arbiter
    ;;
  test)
    status=0
    meson test -C build --print-errorlogs --num-processes 2 || status=1
    # The core suite once more under AddressSanitizer and
    # UndefinedBehaviorSanitizer: parsers must never crash, leak or abort.
    if [ ! -f build-sanitize/build.ninja ]; then
      meson setup build-sanitize -Dgui=false -Db_sanitize=address,undefined -Db_lundef=false \
        "${testdata_opt[@]}"
    elif [ ${#testdata_opt[@]} -gt 0 ]; then
      meson configure build-sanitize "${testdata_opt[@]}"
    fi
    meson compile -C build-sanitize
    ARB_PERFT_QUICK=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
      meson test -C build-sanitize --suite core --print-errorlogs --num-processes 2 || status=1
    echo "setup: tests done after ${SECONDS} s"
    exit $status
    ;;
esac
