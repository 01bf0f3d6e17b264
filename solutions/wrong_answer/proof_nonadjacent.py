# WRONG ANSWER: a proof path whose moves are not to adjacent squares.
#
# Decides the role and plays both sides optimally. For the proof the contestant took, for
# each round, the lowest square the Runner could be on when it answered, and the lowest
# square it could be on at the end. Each square agrees with its answer, but consecutive
# squares need not be neighbours, so the "moves" can jump across the board.
# Caught by: Runner boards where the lowest squares of consecutive sets are not adjacent
# (the judge reports a move that is not to an orthogonally adjacent square).
# BASE: solutions/accepted/reference.py
import sys

NBR = []
for i in range(9):
    row, col = divmod(i, 3)
    m = 0
    if row > 0:
        m |= 1 << (i - 3)
    if row < 2:
        m |= 1 << (i + 3)
    if col > 0:
        m |= 1 << (i - 1)
    if col < 2:
        m |= 1 << (i + 1)
    NBR.append(m)

# N(X) for every mask X, so a move is one lookup.
HOOD = [0] * 512
for x in range(1, 512):
    low = (x & -x).bit_length() - 1
    HOOD[x] = HOOD[x & (x - 1)] | NBR[low]

BITS = [[b for b in range(9) if a >> b & 1] for a in range(512)]

win_memo = {}
keep_memo = {}


def keep(a, x, r):
    if x == 0:
        return False
    key = (r << 18) | (a << 9) | x
    got = keep_memo.get(key)
    if got is not None:
        return got
    hood = HOOD[x]
    ok = True
    for b in BITS[a]:
        a2 = a & ~(1 << b)
        moved = hood & a2
        if moved == 0 or not win(a2, moved, r - 1):
            ok = False
            break
    keep_memo[key] = ok
    return ok


def win(a, s, r):
    if s == 0:
        return False
    if r == 0:
        return True
    key = (r << 18) | (a << 9) | s
    got = win_memo.get(key)
    if got is not None:
        return got
    ok = True
    low = s & -s
    rest = s ^ low
    sub = rest
    while True:  # every cut (T, S-T) with the lowest square in T
        t = sub | low
        if not keep(a, t, r) and not keep(a, s ^ t, r):
            ok = False
            break
        if sub == 0:
            break
        sub = (sub - 1) & rest
    win_memo[key] = ok
    return ok


def read_tokens():
    """Yields the judge's tokens; stops the program on -1 or at the end of input."""
    for line in sys.stdin:
        for tok in line.split():
            if tok == "-1":
                sys.exit(0)
            yield tok
    sys.exit(0)


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def play_runner(tokens, a, rounds):
    s = a
    kept = []
    after = 0
    for rnd in range(rounds):
        r = rounds - rnd
        n = int(next(tokens))
        q = 0
        for _ in range(n):
            q |= 1 << (int(next(tokens)) - 1)
        yes, no = s & q, s & ~q
        say_yes = keep(a, yes, r) or (not keep(a, no, r) and yes != 0)
        x = yes if say_yes else no
        say("Yes" if say_yes else "No")
        a &= ~(1 << (int(next(tokens)) - 1))
        s = HOOD[x] & a
        kept.append(x)
        if s == 0:
            say("Trapped")
            return
        say("Free")
        after = s
    # MISTAKE: one square per round that agrees with the answer, then one where it ended
    path = [BITS[x][0] + 1 for x in kept] + [BITS[after][0] + 1]  # MISTAKE: lowest squares, not neighbours of each other
    say(" ".join(map(str, path)))  # MISTAKE: (the same path)


def play_trapper(tokens, a, rounds):
    s = a
    for rnd in range(rounds):
        r = rounds - rnd
        q = None
        t = s
        while True:  # a cut where neither part survives: it exists in a lost position
            if not keep(a, t, r) and not keep(a, s & ~t, r):
                q = t
                break
            if t == 0:
                break
            t = (t - 1) & s
        if q is None:
            q = 0
        labels = [str(b + 1) for b in BITS[q]]
        say(str(len(labels)))
        if labels:
            say(" ".join(labels))
        x = (s & q) if next(tokens) == "Yes" else (s & ~q)
        block = BITS[a][0]
        for b in BITS[a]:
            a2 = a & ~(1 << b)
            moved = HOOD[x] & a2
            if moved == 0 or not win(a2, moved, r - 1):
                block = b
                break
        say(str(block + 1))
        a &= ~(1 << block)
        s = HOOD[x] & a
        if next(tokens) == "Trapped":
            return


def main():
    tokens = read_tokens()
    rounds = int(next(tokens))
    u = int(next(tokens))
    a = 511
    for _ in range(u):
        a &= ~(1 << (int(next(tokens)) - 1))
    if win(a, a, rounds):
        say("Runner")
        play_runner(tokens, a, rounds)
    else:
        say("Trapper")
        play_trapper(tokens, a, rounds)


main()
