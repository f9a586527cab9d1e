#!/bin/sh
# update-po.sh: bring the translations up to date with the code.
#
#   build-aux/update-po.sh             regenerate po/arbiter.pot from the files
#                                      of po/POTFILES.in and merge it into every
#                                      catalog of po/LINGUAS
#   build-aux/update-po.sh --pot FILE  only write the template to FILE
#
# After a merge, a new or changed message is untranslated or marked
# "#, fuzzy" in each po/LANG.po (with its old English as "#| msgid"):
# translate it, remove the fuzzy mark, and run the `catalogs` test
# (meson test -C build catalogs). docs/translating.md says more, and lists
# the terms each language uses.
#
# The xgettext options are meson's `glib` preset (po/meson.build), so this
# template is the one `meson compile arbiter-pot` makes.
#
# Copyright 2026 The Arbiter authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
package=arbiter

make_pot () {
  (cd "$root" && xgettext --package-name="$package" -f po/POTFILES.in -D "$root" -k_ \
    --msgid-bugs-address=https://github.com/arbiterdesk/arbiter/issues \
    --from-code=UTF-8 --add-comments \
    --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
    --keyword=g_dcgettext:2 --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
    --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format \
    --flag=g_dngettext:2:pass-c-format --flag=g_strdup_printf:1:c-format \
    --flag=g_string_printf:2:c-format --flag=g_string_append_printf:2:c-format \
    --flag=g_error_new:3:c-format --flag=g_set_error:4:c-format \
    --flag=g_markup_printf_escaped:1:c-format --flag=g_log:3:c-format \
    --flag=g_print:1:c-format --flag=g_printerr:1:c-format --flag=g_printf:1:c-format \
    --flag=g_fprintf:2:c-format --flag=g_sprintf:2:c-format --flag=g_snprintf:3:c-format \
    -o "$1")
}

if [ "${1:-}" = "--pot" ]; then
  [ $# -eq 2 ] || { echo "usage: update-po.sh [--pot FILE]" >&2; exit 2; }
  case $2 in /*) out=$2;; *) out=$(pwd)/$2;; esac
  make_pot "$out"
  exit 0
fi
[ $# -eq 0 ] || { echo "usage: update-po.sh [--pot FILE]" >&2; exit 2; }

pot="$root/po/$package.pot"
make_pot "$pot"
for lang in $(grep -v '^#' "$root/po/LINGUAS"); do
  po="$root/po/$lang.po"
  if [ -f "$po" ]; then
    msgmerge --quiet --update --backup=none --previous "$po" "$pot"
    msgattrib --no-obsolete -o "$po" "$po"
  else
    msginit --no-translator --locale="$lang" -i "$pot" -o "$po"
  fi
  printf '%s: ' "$lang"
  msgfmt --check --statistics -o /dev/null "$po" 2>&1
done
