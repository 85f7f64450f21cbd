# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# The shared helpers are in lib/common.sh (one file, one cache path); this
# name only forwards to it for the scripts that still source it.
# shellcheck source-path=SCRIPTDIR source=lib/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
