import ArgumentParser

/// `--allow-touchpad`, shared by replay, render and synth: a touchpad's surface is mapped onto the screen only
/// when asked.
struct TouchpadOption: ParsableArguments {
    @Flag(
        help: ArgumentHelp(
            "Map a touchpad's surface onto the screen as if it were a touchscreen.",
            discussion: """
                Without it a touchpad recording or description (INPUT_PROP_POINTER, or BTN_TOOL_FINGER without \
                INPUT_PROP_DIRECT) is refused: its coordinates are not screen positions.
                """))
    var allowTouchpad = false
}
