#!/usr/bin/env python3
"""Reads cargo's JSON messages (--message-format=json) on stdin and fails unless every
library and binary of the package at MANIFEST that the build produced (not a test harness)
was fresh, that is reused from the build before it rather than compiled again.

usage: cargo test --release --no-run --message-format=json | python3 .ci/fresh.py MANIFEST
"""
import json
import sys
from pathlib import Path


def main():
    manifest = Path(sys.argv[1]).resolve()
    seen, rebuilt = [], []
    for line in sys.stdin:
        message = json.loads(line) if line.startswith("{") else {}
        if message.get("reason") != "compiler-artifact" or message["profile"]["test"]:
            continue
        if Path(message["manifest_path"]).resolve() != manifest:
            continue
        target = message["target"]
        kinds = [k for k in target["kind"] if k in ("lib", "rlib", "bin")]
        if not kinds:
            continue
        name = f"{target['name']} ({kinds[0]})"
        seen.append(name)
        if not message["fresh"]:
            rebuilt.append(name)
    if not seen:
        sys.exit(f"error: the build produced no library or binary of {manifest}")
    if rebuilt:
        sys.exit("error: the tests' build compiled again what the main job's had built: "
                 f"{', '.join(rebuilt)}; a feature or profile setting differs between them")
    print(f"the tests build on the main job: {', '.join(seen)} fresh")


if __name__ == "__main__":
    main()
