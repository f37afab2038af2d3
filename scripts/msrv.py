#!/usr/bin/env python3
"""The minimum Rust version the committed Cargo.lock allows, checked against Cargo.toml's rust-version.

No older toolchain is installed here (`rustup toolchain list`), so the minimum is derived in two halves:

- the dependencies: the highest `rust-version` declared by a crate of the locked graph that the
  build needs (normal and build dependencies, from bialign with its default features, for the host
  target); dev-dependencies, needed only by `cargo test` and the benches, are reported apart;
- bialign's own code: clippy's `incompatible_msrv` lint (on by default in `cargo clippy`, which CI
  runs with -D warnings) flags any standard-library item stabilised after the declared rust-version.
  `--own` checks that the declared version is the lowest that passes it: it runs clippy once with the
  version below and expects that lint to fire.

Usage: scripts/msrv.py [--own]     (exit 1 when the declared version is too low, or, with --own,
                                   when a lower one would pass too)
"""

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def version_key(v):
    return tuple(int(x) for x in re.findall(r"\d+", v)[:3]) + (0,) * (3 - len(re.findall(r"\d+", v)[:3]))


def metadata():
    out = subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--locked", "--offline",
         "--filter-platform", host()],
        cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def host():
    out = subprocess.run(["rustc", "-vV"], check=True, capture_output=True, text=True).stdout
    return re.search(r"^host: (\S+)", out, re.M).group(1)


def reachable(meta, root_id, kinds):
    """Package ids reachable from root_id through dependency edges of the given kinds (for the root
    only; below it, a dependency's own dev-dependencies are never built)."""
    nodes = {n["id"]: n for n in meta["resolve"]["nodes"]}
    seen, todo = set(), [(root_id, True)]
    while todo:
        pid, is_root = todo.pop()
        if pid in seen:
            continue
        seen.add(pid)
        for d in nodes[pid]["deps"]:
            ks = {k["kind"] or "normal" for k in d["dep_kinds"]}
            allowed = kinds if is_root else {"normal", "build"}
            if ks & allowed:
                todo.append((d["pkg"], False))
    seen.discard(root_id)
    return seen


def report(meta, ids, what):
    pkgs = {p["id"]: p for p in meta["packages"]}
    with_v = [(pkgs[i]["rust_version"], pkgs[i]["name"], pkgs[i]["version"]) for i in ids if pkgs[i]["rust_version"]]
    without = sorted(pkgs[i]["name"] for i in ids if not pkgs[i]["rust_version"])
    with_v.sort(key=lambda t: (tuple(-x for x in version_key(t[0])), t[1], t[2]))
    top = with_v[0][0] if with_v else "0"
    print(f"{what}: {len(ids)} crates, {len(with_v)} declare a rust-version, highest {top}:")
    for v, n, ver in with_v[:6]:
        print(f"  {v:8} {n} {ver}")
    if without:
        print(f"  (no rust-version declared: {', '.join(without)})")
    return top


def own_check(declared):
    """clippy with rust-version one minor release lower must flag an item stabilised later."""
    major, minor = version_key(declared)[:2]
    lower = f"{major}.{minor - 1}"
    toml = ROOT / "Cargo.toml"
    text = toml.read_text()
    try:
        toml.write_text(text.replace(f'rust-version = "{declared}"', f'rust-version = "{lower}"', 1))
        r = subprocess.run(["cargo", "clippy", "--all-targets", "--offline", "--", "-W", "clippy::incompatible_msrv"],
                           cwd=ROOT, capture_output=True, text=True)
    finally:
        toml.write_text(text)
    hits = sorted(set(re.findall(r"this item is stable since `([^`]+)`", r.stderr)))
    print(f"clippy with rust-version {lower}: items stable only since {', '.join(hits) or 'none'}")
    return bool(hits)


def main():
    meta = metadata()
    root = next(p for p in meta["packages"] if p["name"] == "bialign")
    declared = root["rust_version"]
    build = report(meta, reachable(meta, root["id"], {"normal", "build"}), "build dependencies")
    test = report(meta, reachable(meta, root["id"], {"normal", "build", "dev"}), "with dev-dependencies")
    print(f"Cargo.toml rust-version: {declared}")
    ok = version_key(declared) >= version_key(build)
    if not ok:
        print(f"FAIL: the locked build dependencies need {build}, above the declared {declared}")
    if version_key(test) > version_key(declared):
        print(f"note: cargo test needs {test} (dev-dependencies)")
    if "--own" in sys.argv[1:]:
        if not own_check(declared):
            print(f"FAIL: bialign's own code builds with a lower version than {declared} (as far as clippy knows)")
            ok = False
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
