#!/usr/bin/env python3
"""Assess on a hostile operator source (#26.5-7): copies tests/data/refactor into a throw-away git
repository, replaces OpTwin.cu with a generated input and runs `refactor_op Twin --format json`
under `/usr/bin/time -v`, printing wall time, user CPU and peak RSS.

    tests/perf/assess_hostile.py KIND N [path/to/refactor_op]   (default build/rel/tools/refactor_op)

KIND: distinct (N different 10-line bodies), copies (N copies of a 20-line body), quotes (N `'`
on one line), ifs (N one-line if statements), alphabet (N bodies over a 4-line alphabet),
lastline (N bodies differing in their last line), longline (N `static SaturateCast(` on one
line), nested (N named bodies nested in each other).
"""
import os, random, re, shutil, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def distinct(n):
    return "".join(f"void f{i}(int a)\n{{\n" + "".join(
        f"    int v{k} = {i} + {k} * {i % 97};\n" for k in range(10)) + "}\n" for i in range(n))


def copies(n):
    return "".join(f"void g{i}(int a)\n{{\n" + "".join(
        f"    int v{k} = a + {k};\n" for k in range(20)) + "}\n" for i in range(n))


def alphabet(n):
    rnd, seen, parts = random.Random(1), set(), []
    while len(parts) < n:
        body = tuple(rnd.randrange(4) for _ in range(10))
        if body not in seen:
            seen.add(body)
            parts.append(f"void h{len(parts)}()\n{{\n" + "".join(f"x{c}();\n" for c in body) + "}\n")
    return "".join(parts)


KINDS = {
    "distinct": distinct,
    "copies": copies,
    "quotes": lambda n: "int x = 1;\n" + "'" * n + "\n",
    "ifs": lambda n: "void f()\n{\n" + "if (a) b();\n" * n + "}\n",
    "alphabet": alphabet,
    "lastline": lambda n: "".join(f"void k{i}()\n{{\n" + "".join(
        f"y{c}();\n" for c in range(29)) + f"z{i}();\n}}\n" for i in range(n)),
    "longline": lambda n: "static inline SaturateCast(x) " * n + "\n",
    "nested": lambda n: "void a()\n{\n" * n + "x();\n" + "}\n" * n,
}


def main():
    kind, n = sys.argv[1], int(sys.argv[2])
    tool = os.path.abspath(sys.argv[3] if len(sys.argv) > 3 else
                           os.path.join(ROOT, "build/rel/tools/refactor_op"))
    with tempfile.TemporaryDirectory() as work:
        repo = os.path.join(work, "repo")
        shutil.copytree(os.path.join(ROOT, "tests/data/refactor"), repo)
        source = os.path.join(repo, "src/cvcuda/priv/OpTwin.cu")
        with open(source, "w") as f:
            f.write(KINDS[kind](n))
        for args in (["init", "-q"], ["add", "-A"],
                     ["-c", "user.name=perf", "-c", "user.email=perf@example.com", "commit", "-qm", "x"]):
            subprocess.run(["git", *args], cwd=repo, check=True)
        run = subprocess.run(["/usr/bin/time", "-v", tool, "Twin", "--format", "json"], cwd=repo,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        field = lambda name: re.search(re.escape(name) + r": (.*)", run.stderr).group(1)
        print(f"{kind} {n}: {os.path.getsize(source)} bytes, exit {run.returncode}, "
              f"wall {field('Elapsed (wall clock) time (h:mm:ss or m:ss)')}, "
              f"user {field('User time (seconds)')} s, peak {field('Maximum resident set size (kbytes)')} KB")


if __name__ == "__main__":
    main()
