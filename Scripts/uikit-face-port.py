#!/usr/bin/env python3
"""Ports a UIKit touch file to TactileUIKit the way the porting tests' files were ported: `import UIKit` becomes
`import TactileUIKit`, and the Objective-C runtime's spelling (issue 38's `tactile port` rewrites it) becomes the
project's: `#selector(name(_:))` -> `Selector("name(_:)", Self.name)`, a leading `@objc ` is dropped. Every line
changed for the Objective-C spelling ends with `// [objc]`. Usage: uikit-face-port.py IN OUT"""
import re
import sys

def port(text: str) -> str:
    out = []
    for line in text.split("\n"):
        if line.strip() == "import UIKit":
            out.append(line.replace("import UIKit", "import TactileUIKit"))
            continue
        new = re.sub(r"#selector\(((\w+)(\([\w:]*\))?)\)", lambda m: f'Selector("{m.group(1)}", Self.{m.group(2)})', line)
        new = re.sub(r"^(\s*)@objc ", r"\1", new)
        out.append(new + "  // [objc]" if new != line else new)
    return "\n".join(out)

if __name__ == "__main__":
    source, destination = sys.argv[1], sys.argv[2]
    with open(source) as f:
        ported = port(f.read())
    with open(destination, "w") as f:
        f.write(ported)
