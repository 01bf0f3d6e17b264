# Accepted, near the slow end: plain recursion over frozensets with functools.lru_cache.
#
# No bit tricks: the squares are labels 1..9 in frozensets, every query is tried as an
# explicit subset of the squares the Runner could be on (itertools.combinations, both a cut
# and its complement), and the value of a position is the minimax number of rounds the
# Runner lasts. It is several times slower than the reference but still well inside the
# time limit on every board. Input is read whole lines at a time with input().
import sys
from functools import lru_cache
from itertools import combinations

ADJ = {
    1: (2, 4), 2: (1, 3, 5), 3: (2, 6),
    4: (1, 5, 7), 5: (2, 4, 6, 8), 6: (3, 5, 9),
    7: (4, 8), 8: (5, 7, 9), 9: (6, 8),
}


def step(kept, avail):
    return frozenset(n for s in kept for n in ADJ[s] if n in avail)


def subsets(squares):
    items = sorted(squares)
    for k in range(len(items) + 1):
        for c in combinations(items, k):
            yield frozenset(c)


@lru_cache(maxsize=None)
def after_answer(avail, kept, left):
    """Rounds the Runner lasts once it kept `kept` (0: no such Runner), capped at left+1."""
    if not kept:
        return 0
    best = left + 1
    for b in avail:
        rest = avail - {b}
        nxt = step(kept, rest)
        v = 1 if not nxt else 1 + lasts(rest, nxt, left - 1)
        best = min(best, v)
    return best


@lru_cache(maxsize=None)
def lasts(avail, where, left):
    if not where:
        return 0
    if left == 0:
        return 1
    best = left + 1
    for t in subsets(where):
        v = max(after_answer(avail, t, left), after_answer(avail, where - t, left))
        if v < best:
            best = v
            if best <= 1:
                break
    return best


def read():
    line = input()
    if line.split() and line.split()[0] == "-1":
        sys.exit(0)
    return line


def send(s):
    print(s, flush=True)


def play_runner(avail, rounds):
    where = avail
    history = []  # (kept squares, available after the block) per round
    for left in range(rounds, 0, -1):
        n = int(read())
        query = frozenset(map(int, read().split())) if n > 0 else frozenset()
        yes, no = where & query, where - query
        answer_yes = after_answer(avail, yes, left) >= after_answer(avail, no, left)
        kept = yes if answer_yes else no
        send("Yes" if answer_yes else "No")
        avail = avail - {int(read())}
        where = step(kept, avail)
        history.append(kept)
        if not where:
            send("Trapped")
            return
        send("Free")
    path = [min(where)]
    for kept in reversed(history):
        path.append(min(s for s in kept if path[-1] in ADJ[s]))
    send(" ".join(map(str, reversed(path))))


def play_trapper(avail, rounds):
    where = avail
    for left in range(rounds, 0, -1):
        query = min(
            subsets(where),
            key=lambda t: max(after_answer(avail, t, left), after_answer(avail, where - t, left)),
        )
        send(str(len(query)))
        if query:
            send(" ".join(map(str, sorted(query))))
        kept = where & query if read().strip() == "Yes" else where - query

        def trap(b):
            rest = avail - {b}
            nxt = step(kept, rest)
            return 1 if not nxt else 1 + lasts(rest, nxt, left - 1)

        block = min(sorted(avail), key=trap)
        send(str(block))
        avail = avail - {block}
        where = step(kept, avail)
        if read().strip() == "Trapped":
            return


def main():
    try:
        rounds, u = map(int, read().split())
        blocked = set(map(int, read().split())) if u > 0 else set()
        avail = frozenset(range(1, 10)) - blocked
        if lasts(avail, avail, rounds) > rounds:
            send("Runner")
            play_runner(avail, rounds)
        else:
            send("Trapper")
            play_trapper(avail, rounds)
    except EOFError:
        pass


main()
