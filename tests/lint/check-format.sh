#!/bin/sh
# check-format.sh: every C source and header under src/ and tests/ must be
# formatted as .clang-format says.
#
# Copyright 2026 The Arbiter authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: check-format.sh SOURCE_ROOT
# Exits 77 (a skip for meson) when clang-format is not installed. The rules
# are written for clang-format 14 (Debian 12); a clang-format-14 binary is
# preferred when several versions are installed, since newer versions format
# a few constructs differently. Fix offenders with: clang-format -i FILE...

set -u

root=${1:-.}
cd "$root" || exit 1

clang_format=${CLANG_FORMAT:-}
if [ -z "$clang_format" ]; then
  for candidate in clang-format-14 clang-format; do
    if command -v "$candidate" >/dev/null 2>&1; then
      clang_format=$candidate
      break
    fi
  done
fi
if [ -z "$clang_format" ]; then
  echo "clang-format not found; skipping the format check"
  exit 77
fi

if [ ! -f .clang-format ]; then
  echo "no .clang-format in $(pwd)"
  exit 1
fi

echo "# $("$clang_format" --version)"

offenders=""
checked=0
for file in $(find src tests -type f \( -name '*.c' -o -name '*.h' \) | LC_ALL=C sort); do
  checked=$((checked + 1))
  if ! "$clang_format" --dry-run --Werror "$file" >/dev/null 2>&1; then
    offenders="$offenders $file"
  fi
done

# clang-format 14 puts spaces around the dashes of a quark name written at
# file scope (G_DEFINE_QUARK (arb-foo-quark, ...)), which changes the quark's
# string; such lines must sit between clang-format off/on.
mangled=$(find src tests -type f \( -name '*.c' -o -name '*.h' \) -exec grep -Hn 'G_DEFINE_QUARK *([^,]* - ' {} + 2>/dev/null)
if [ -n "$mangled" ]; then
  echo "Quark names with spaces (clang-format mangled them; fence with clang-format off/on):"
  echo "$mangled" | sed 's/^/  /'
fi

if [ -n "$offenders" ]; then
  echo "Not formatted as .clang-format says (fix with: clang-format -i FILE...):"
  for file in $offenders; do
    echo "  $file"
  done
fi

if [ -n "$offenders" ] || [ -n "$mangled" ]; then
  exit 1
fi

echo "$checked files formatted correctly"
exit 0
