#!/usr/bin/env bash
# Issue 35: the text of the tree, checked (about 1 s, no build).
#   Lines: no line longer than 120 characters in Sources/ and Tests/ Swift files and in the Markdown files of the
#     repository. Not counted, because wrapping them would make them wrong or harder to use: lines with a URL,
#     Markdown table rows (a row is one line), and Markdown fenced code blocks (program output and commands shown
#     verbatim). Generated files (Sources/CXdgShell) are not Swift or Markdown; third-party code kept byte for byte
#     (tactile port's corpus, and its ports) is not counted. The lines still too long are
#     listed, per file, in .ci/long-lines.txt: a file with more long lines than its entry fails, and one with fewer
#     fails too, until its entry is lowered (`.ci/check-text.sh --update` rewrites the list), so the list only
#     shrinks and always says what is left.
#   Links: every relative Markdown link `[text](path)` / `[text](path#anchor)` outside code resolves to a file or
#     folder (and its `#anchor` a heading of a Markdown file); every DocC `<doc:Name>` names an article (Name.md) of
#     a catalog in Sources/*/*.docc; every ``Type/member`` symbol link in a doc comment or article of Sources/ names
#     a type declared in Sources/ and a member declared in a file that declares or extends that type. The DocC build
#     in .ci/run checks the links of public documentation exactly (any DocC warning fails it), but not the links in
#     internal symbols' comments nor in the modules without a catalog; this check reads those too.
# Prints what is wrong with file:line and exits 1.
set -euo pipefail
cd "$(dirname "$0")/.."
update=0
if [ "${1:-}" = "--update" ]; then update=1; fi
python3 - "$update" <<'PY'
import os, re, subprocess, sys
update = sys.argv[1] == "1"
listed = subprocess.run(["git", "ls-files", "-z", "--", "*.swift", "*.md"], capture_output=True, check=True, text=True)
files = [f for f in listed.stdout.split("\0") if f]
limit = 120
url = re.compile(r"https?://")
long_lines = {}
problems = []
articles = set()
for f in files:
    parts = f.split("/")
    if f.endswith(".md") and any(p.endswith(".docc") for p in parts):
        articles.add(parts[-1][:-3])

def checked_for_length(f):
    # Third-party code kept byte for byte (tactile port's corpus and its ports: Tests/TactilePortTests/Corpus/README.md)
    # is its authors' to wrap; the corpus tests' own files (StandIns/, Behaviour/) are checked.
    if f.startswith(("Tests/TactilePortTests/Corpus/", "Tests/TactilePortCorpusTests/")) and not f.startswith(
            ("Tests/TactilePortCorpusTests/StandIns/", "Tests/TactilePortCorpusTests/Behaviour/")):
        return False
    if f.endswith(".swift"):
        return f.startswith(("Sources/", "Tests/"))
    return f.endswith(".md")

def slug(heading):
    # GitHub's anchors: lower case, punctuation other than `-` and `_` dropped, spaces to `-`.
    text = re.sub(r"[`*]", "", heading.strip().lower())
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")

anchor_cache = {}
def anchors(path):
    if path not in anchor_cache:
        found, seen, fenced = set(), {}, False
        for line in open(path, encoding="utf-8"):
            if line.lstrip().startswith("```"):
                fenced = not fenced
            elif not fenced and re.match(r"#{1,6} ", line):
                base = slug(line.lstrip("#"))
                n = seen.get(base, 0)
                seen[base] = n + 1
                found.add(base if n == 0 else f"{base}-{n}")
        anchor_cache[path] = found
    return anchor_cache[path]

link = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)|!\[[^\]]*\]\(([^)\s]+)\)")
doc_link = re.compile(r"<doc:([^>#]+)(?:#[^>]*)?>")
# What ``Type/member`` links may name: types declared in Sources/, and the names declared in each file that
# declares or extends a type (files hold one type and its extensions, so this is close to the type's members).
declared_types, members = set(), {}
for f in files:
    if f.startswith("Sources/") and f.endswith(".swift"):
        text = open(f, encoding="utf-8").read()
        names = set(re.findall(r"(?:class|struct|enum|protocol|actor|typealias|func|var|let|case)\s+`?(\w+)", text))
        names |= set(re.findall(r"case\s+(?:\w+(?:\([^)]*\))?\s*,\s*)+(\w+)", text))
        names |= {"init"} if "init(" in text else set()
        declared_types |= set(re.findall(r"(?:class|struct|enum|protocol|actor|typealias)\s+(\w+)", text))
        for owner in re.findall(r"(?:class|struct|enum|protocol|actor|extension)\s+(?:\w+\.)*(\w+)", text):
            members.setdefault(owner, set()).update(names)
modules = {f.split("/")[1] for f in files if f.startswith("Sources/")}
symbol_link = re.compile(r"``([^`]+)``")

def stale_symbol(symbol):
    parts = [re.sub(r"\(.*", "", part).split("-")[0] for part in symbol.split("/")]
    if parts[0] == "Swift":  # the standard library's (and our extensions of it)
        return None
    if parts[0] in modules:
        parts = parts[1:]
    if len(parts) < 2:
        return None
    owner = parts[0]
    if owner not in declared_types:
        return f"no type {owner} is declared in Sources/"
    for name in parts[1:]:
        if name not in members.get(owner, ()) and name not in declared_types:
            return f"{owner} has no {name}"
        owner = name
    return None

for f in files:
    if not os.path.exists(f):
        continue
    with open(f, encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    in_code = False
    count = 0
    for number, line in enumerate(lines, 1):
        fence = f.endswith(".md") and line.lstrip().startswith("```")
        if fence:
            in_code = not in_code
            continue
        if checked_for_length(f) and len(line) > limit and not url.search(line):
            if not (f.endswith(".md") and (in_code or line.lstrip().startswith("|"))):
                count += 1
        if f.endswith(".md") and not in_code:
            prose = re.sub(r"`[^`]*`", "", line)
            for match in link.finditer(prose):
                target = match.group(1) or match.group(2)
                if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                    continue
                path, _, anchor = target.partition("#")
                path = os.path.normpath(os.path.join(os.path.dirname(f), path)) if path else f
                if not os.path.exists(path):
                    problems.append(f"{f}:{number}: the link ({target}) names no file: {path}")
                elif anchor and path.endswith(".md") and anchor not in anchors(path):
                    problems.append(f"{f}:{number}: the link ({target}) names no heading of {path}")
        documentation = f.startswith("Sources/") and (
            f.endswith(".swift") and line.lstrip().startswith("///") or ".docc/" in f and not in_code)
        if documentation:
            for match in symbol_link.finditer(line):
                why = stale_symbol(match.group(1))
                if why:
                    problems.append(f"{f}:{number}: ``{match.group(1)}``: {why}")
        if f.endswith(".md") and not in_code or f.endswith(".swift") and line.lstrip().startswith("///"):
            for match in doc_link.finditer(line):
                name = match.group(1).split("/")[-1]
                if name not in articles:
                    problems.append(f"{f}:{number}: <doc:{match.group(1)}> names no article ({name}.md) in Sources/*/*.docc")
    if count:
        long_lines[f] = count

listing = ".ci/long-lines.txt"
header = ("# Lines over 120 characters still to wrap, per file (.ci/check-text.sh; the rules are in its comment).\n"
          "# A file's count may only go down: lower it here (or run .ci/check-text.sh --update) when you wrap lines.\n")
if update:
    with open(listing, "w", encoding="utf-8") as out:
        out.write(header)
        for f in sorted(long_lines):
            out.write(f"{long_lines[f]} {f}\n")
    print(f"{listing}: {sum(long_lines.values())} long lines in {len(long_lines)} files")
else:
    allowed = {}
    if os.path.exists(listing):
        for entry in open(listing, encoding="utf-8"):
            if entry.strip() and not entry.startswith("#"):
                n, name = entry.split(maxsplit=1)
                allowed[name.strip()] = int(n)
    for f in sorted(set(long_lines) | set(allowed)):
        have, may = long_lines.get(f, 0), allowed.get(f, 0)
        if have > may:
            problems.append(f"{f}: {have} lines over {limit} characters, {may} allowed by {listing}: wrap the new ones")
        elif have < may:
            problems.append(f"{f}: {have} lines over {limit} characters, {listing} says {may}: lower its entry")
    if long_lines:
        print(f"check-text: {sum(long_lines.values())} lines over {limit} characters left in {len(long_lines)} files "
              f"(listed in {listing})")
for problem in problems:
    print("error: " + problem, file=sys.stderr)
if problems:
    sys.exit(1)
print(f"check-text: {len(files)} Swift and Markdown files, links resolve, no new long line")
PY
