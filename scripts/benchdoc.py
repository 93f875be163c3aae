"""What the benchmark scripts share when they write their results.

Each script renders its section of docs/benchmarks.md (or docs/reliability.md)
with its start and end markers, e.g. "<!-- bench:context:start -->" ...
"<!-- bench:context:end -->", and hands it to put_section, which replaces the
marked section of the file or appends it. scripts/lib.sh puts this directory
on PYTHONPATH, so the scripts' python blocks can `import benchdoc`.
"""
import pathlib
import re
import subprocess

BENCHMARKS = "docs/benchmarks.md"
NEW_BENCHMARKS = "# Benchmarks\n\nEvery number here was measured by the command named with it; rerun it to check.\n"


def put_section(section, path=BENCHMARKS, new_file=NEW_BENCHMARKS, heading=""):
    """Replace the section between section's own markers in path, or append
    it (after heading) when the file has none; new_file is the text of a
    file that does not exist yet."""
    name = re.match(r"<!-- (\S+):start -->", section).group(1)
    start, end = f"<!-- {name}:start -->", f"<!-- {name}:end -->"
    p = pathlib.Path(path)
    text = p.read_text() if p.exists() else new_file
    if start in text and end in text:
        text = text[:text.index(start)] + section + text[text.index(end) + len(end):]
    else:
        text = text.rstrip() + "\n\n" + heading + section + "\n"
    p.write_text(text)


def machine():
    """The machine's core count (as nproc says it) and memory in GiB."""
    cpu = subprocess.run(["nproc"], capture_output=True, text=True).stdout.strip()
    with open("/proc/meminfo") as f:
        mem = round(int(f.readline().split()[1]) / 1024 / 1024)
    return cpu, mem
