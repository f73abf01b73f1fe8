#!/usr/bin/env bash
# Prints what README.md says a new machine runs, so that CI runs the README's own lines rather than a copy:
#   .ci/readme-setup.sh main|tests [README]          the command line of "Run the main job" / "Run the tests"
#   .ci/readme-setup.sh install main|tests [README]  its apt-get commands only (joined by &&), without the job
#   .ci/readme-setup.sh log [README]                 the log the README shows for the main job (its quick start)
# A command is the first line of the first ```sh block after the paragraph that begins "Run the main job" or
# "Run the tests"; the log is the first ``` block after "The main job above, `…`, prints this log" (the rule of
# DocumentationConsistencyTests.quickStartLog). Exits 1, naming what it missed, when README.md has no such block.
set -euo pipefail
usage() { echo "usage: $0 main|tests|log [README] | install main|tests [README]" >&2; exit 64; }
[ $# -ge 1 ] || usage
what=$1; shift
install=false
if [ "$what" = install ]; then
    install=true; [ $# -ge 1 ] || usage; what=$1; shift
fi
readme=${1:-"$(dirname "$0")/../README.md"}
[ -f "$readme" ] || { echo "error: $readme: no such file" >&2; exit 1; }

case $what in
    main) anchor='Run the main job' ;;
    tests) anchor='Run the tests' ;;
    log) anchor='The main job above, `[^`]*`, prints this log' ;;
    *) usage ;;
esac

if [ "$what" = log ]; then
    text=$(awk -v anchor="$anchor" '
        state == 0 && $0 ~ anchor { state = 1; next }
        state == 1 && /^```/ { state = 2; next }
        state == 2 && /^```/ { found = 1; exit }
        state == 2 { print }
        END { exit found ? 0 : 1 }' "$readme") || { echo "error: $readme: no log block after \"The main job above, \`…\`, prints this log\"" >&2; exit 1; }
    printf '%s\n' "$text"
    exit 0
fi

line=$(awk -v anchor="^$anchor" '
    state == 0 && $0 ~ anchor { state = 1; next }
    state == 1 && /^```sh$/ { state = 2; next }
    state == 2 { print; found = 1; exit }
    END { exit found ? 0 : 1 }' "$readme") || { echo "error: $readme: no \`\`\`sh block after \"$anchor\"" >&2; exit 1; }
if ! $install; then
    printf '%s\n' "$line"
    exit 0
fi
# The apt-get commands of the line: its `&&`-separated parts that begin with apt-get.
commands=()
while IFS= read -r part; do
    part="${part#"${part%%[![:space:]]*}"}"; part="${part%"${part##*[![:space:]]}"}"
    case $part in apt-get\ *) commands+=("$part") ;; esac
done < <(printf '%s\n' "$line" | sed 's/ && /\n/g')
[ ${#commands[@]} -gt 0 ] || { echo "error: $readme: the \"$anchor\" command has no apt-get part: $line" >&2; exit 1; }
(IFS='&'; printf '%s\n' "${commands[*]}" | sed 's/&/ \&\& /g')
