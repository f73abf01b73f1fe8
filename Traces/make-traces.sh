#!/usr/bin/env bash
# Regenerates every synthesized trace in this folder (the commands are also listed in README.md).
# Run from the package root: Traces/make-traces.sh
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product tactile >/dev/null
tactile=.build/debug/tactile
$tactile synth tap              --seed 1 --at 0.5,0.5   -o Traces/tap.evemu
$tactile synth tap              --seed 2 --at 0.41,0.93 -o Traces/tap-share-button.evemu
$tactile synth double-tap       --seed 3 --at 0.5,0.45  -o Traces/double-tap.evemu
$tactile synth long-press       --seed 4 --at 0.4,0.6   -o Traces/long-press.evemu
$tactile synth pan              --seed 5 --at 0.5,0.5   -o Traces/pan.evemu
$tactile synth swipe            --seed 6 --at 0.5,0.45  -o Traces/swipe.evemu
$tactile synth pinch-in         --seed 7 --at 0.5,0.45  -o Traces/pinch-in.evemu
$tactile synth pinch-out        --seed 8 --at 0.5,0.45  -o Traces/pinch-out.evemu
$tactile synth rotation         --seed 9 --at 0.5,0.45  -o Traces/rotation.evemu
$tactile synth two-finger-tap   --seed 10 --at 0.5,0.45 -o Traces/two-finger-tap.evemu
$tactile synth edge-pan         --seed 11 --at 0,0.5    -o Traces/edge-pan.evemu
$tactile synth pen              --seed 12 --at 0.5,0.5  -o Traces/pen.evemu
$tactile synth palm             --seed 13 --at 0.5,0.6  -o Traces/palm.evemu
$tactile synth palm-and-tap     --seed 14 --at 0.5,0.5  -o Traces/palm-and-tap.evemu
