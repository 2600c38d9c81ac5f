#!/usr/bin/env python3
"""Writes a small, valid Forkline bundle by hand, using nothing but the Python 3 standard library.

It exists to prove that docs/trace-format.md is enough to produce a bundle in another language:
RFC 8785 canonical JSON, the event hash, the prev chain (including a forked run), content-addressed blobs.

    python3 write_bundle.py OUT_DIR        # OUT_DIR must not exist yet
"""
import decimal
import hashlib
import json
import math
import os
import sys

MAX_SAFE_INTEGER = 2 ** 53 - 1


# ---- RFC 8785 (JSON Canonicalization Scheme) -------------------------------------------------------------------

def canonical(value):
    """The RFC 8785 canonical text of a JSON value made of dict, list, str, int, float, bool and None."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value) if abs(value) <= MAX_SAFE_INTEGER else number(float(value))
    if isinstance(value, float):
        return number(value)
    if isinstance(value, str):
        return string(value)
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(canonical(v) for v in value) + "]"
    if isinstance(value, dict):
        # Members sorted by their names as UTF-16 code units (not by code points: they differ above U+FFFF).
        names = sorted(value, key=lambda name: name.encode("utf-16-be"))
        return "{" + ",".join(string(n) + ":" + canonical(value[n]) for n in names) + "}"
    raise TypeError("not JSON: %r" % (value,))


def string(text):
    out = ['"']
    for ch in text:
        code = ord(ch)
        if 0xD800 <= code <= 0xDFFF:
            raise ValueError("lone surrogate")
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\b":
            out.append("\\b")
        elif ch == "\f":
            out.append("\\f")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            out.append("\\r")
        elif ch == "\t":
            out.append("\\t")
        elif code < 0x20:
            out.append("\\u%04x" % code)
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def number(x):
    """ECMAScript Number.prototype.toString: shortest round-trip digits, exponent only outside 1e-7 .. 1e21."""
    if math.isnan(x) or math.isinf(x):
        raise ValueError("NaN and Infinity are not JSON")
    if x == 0:
        return "0"
    sign = "-" if x < 0 else ""
    # repr() gives the shortest digits that round-trip (and the closest such), which is what ECMAScript asks for.
    digits_tuple = decimal.Decimal(repr(abs(x))).normalize().as_tuple()
    digits = "".join(str(d) for d in digits_tuple.digits)
    k = len(digits)
    n = k + digits_tuple.exponent  # the value is 0.<digits> * 10^n
    if k <= n <= 21:
        return sign + digits + "0" * (n - k)
    if 0 < n <= 21:
        return sign + digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return sign + "0." + "0" * (-n) + digits
    exponent = n - 1
    mantissa = digits[0] + ("." + digits[1:] if k > 1 else "")
    return sign + mantissa + "e" + ("+" if exponent >= 0 else "-") + str(abs(exponent))


# ---- events, hashes, blobs -------------------------------------------------------------------------------------

def sha256_name(data):
    return "sha256:" + hashlib.sha256(data).hexdigest()


class Bundle:
    def __init__(self, directory):
        os.makedirs(os.path.join(directory, "blobs"))
        self.directory = directory
        self.lines = []
        self.tips = {}  # run -> (seq, hash) of its last event
        self.second = 0

    def blob(self, content):
        data = content.encode("utf-8")
        name = sha256_name(data)
        with open(os.path.join(self.directory, "blobs", name[len("sha256:"):]), "wb") as f:
            f.write(data)
        return name

    def fork(self, run, checkpoint_event):
        """A forked run's first event chains to the hash of the checkpoint event it starts from."""
        self.tips[run] = (0, checkpoint_event["hash"])

    def event(self, run, actor, type_, data, causes=(), state=()):
        seq, prev = self.tips.get(run, (0, None))
        seq += 1
        self.second += 1
        event = {
            "id": "%s.%d" % (run, seq),
            "run": run,
            "seq": seq,
            # UTC, 'Z', fraction only when not zero and then in groups of three digits.
            "ts": "2026-02-01T10:00:%02d.250Z" % self.second,
            "actor": actor,
            "type": type_,
            "causes": list(causes),
            "state": list(state),
            "data": data,
            "prev": prev,
        }
        # The hash covers every member except "hash" itself, canonicalized, as UTF-8.
        event["hash"] = sha256_name(canonical(event).encode("utf-8"))
        self.tips[run] = (seq, event["hash"])
        self.lines.append(canonical(event))
        return event

    def close(self, manifest):
        with open(os.path.join(self.directory, "manifest.json"), "w", encoding="utf-8") as f:
            json.dump(manifest, f, indent=2)
            f.write("\n")
        with open(os.path.join(self.directory, "trace.jsonl"), "w", encoding="utf-8", newline="\n") as f:
            for line in self.lines:
                f.write(line + "\n")


def main(out_dir):
    b = Bundle(out_dir)
    readme_v1 = b.blob("# demo\n")
    readme_v2 = b.blob("# demo\n\nNow with a second paragraph. \u00e9\u20ac\U0001F600\n")
    stdout = b.blob("README.md\n")

    start = b.event("main", "harness", "session.start", {
        "title": "hand-written example",
        "environment": {"image": "python:3.12-slim", "imageDigest": "sha256:" + "1" * 64, "os": "linux",
                        "user": "agent", "cwd": "/workspace",
                        "git": {"repository": "https://example.invalid/demo.git", "branch": "main", "commit": "0" * 40},
                        "harness": {"name": "write_bundle.py", "version": "1"},
                        "isolation": {"boundary": "container", "network": "none"}},
        "model": {"provider": "example", "model": "example-model", "version": "2026-01"},
    }, state=["session"])
    checkpoint = b.event("main", "harness", "checkpoint", {
        "checkpointId": "cp-1", "label": "before edits",
        "workspace": {"root": "/workspace", "files": {"README.md": {"blob": readme_v1, "mode": "0644"}}},
        "harness": {"pending": []}, "processes": [],
    }, causes=[start["id"]], state=["workspace"])
    model = b.event("main", "agent:coder", "model.call", {
        "model": "example-model", "provider": "example",
        "input": {"summary": "list files", "messages": [{"role": "user", "content": "Improve the README."}]},
        "output": {"text": "", "toolCalls": [{"callId": "call-1", "name": "bash", "arguments": {"cmd": "ls"}}]},
        "usage": {"inputTokens": 120, "outputTokens": 14, "cacheReadTokens": 0, "cacheWriteTokens": 0},
        "costUsd": 0.00042, "latencyMs": 830,
    }, state=["session"])
    call = b.event("main", "agent:coder", "tool.call", {
        "callId": "call-1", "tool": "bash", "arguments": {"cmd": "ls"}, "effect": "read",
        "exec": {"argv": ["bash", "-lc", "ls"], "cwd": "/workspace", "env": {}, "timeoutMs": 30000},
    }, causes=[model["id"]], state=["harness"])
    b.event("main", "agent:coder", "tool.result", {
        "callId": "call-1", "exitCode": 0, "stdout": "README.md\n", "stdoutBlob": stdout, "durationMs": 15,
    }, causes=[call["id"]], state=["harness"])
    b.event("main", "agent:coder", "state.mutation", {
        "path": "README.md", "op": "modify", "before": readme_v1, "after": readme_v2, "mode": "0644",
    }, causes=[call["id"]], state=["workspace"])
    b.event("main", "harness", "session.end", {"outcome": "failure", "summary": "edited the wrong paragraph"},
            state=["session"])

    b.fork("retry", checkpoint)
    b.event("retry", "human:ann", "run.fork", {
        "parentRun": "main", "checkpoint": "cp-1", "checkpointEvent": checkpoint["id"], "reason": "fork",
        "edits": [{"kind": "prompt", "text": "Only touch the first paragraph."}],
    }, state=["session"])
    b.event("retry", "harness", "session.end", {"outcome": "success"}, state=["session"])

    b.close({
        "formatVersion": 1,
        "traceId": "hand-written-example",
        "title": "A bundle written by docs/examples/write_bundle.py",
        "created": "2026-02-01T10:00:00Z",
        "producer": "write_bundle.py/1",
        "sourceFormat": "forkline",
    })


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1].startswith("-"):
        print("usage: write_bundle.py OUT_DIR", file=sys.stderr)
        sys.exit(2)
    main(sys.argv[1])
