# TIME LIMIT EXCEEDED: waits for a verdict after winning.
#
# The lexicographic strategy, written for judges that say "correct" at the end: after B = P it
# reads one more line before exiting. This judge sends nothing more; it waits for the program
# to exit, and the program waits for a line, until the time limit.
# Caught by: every test (the wall-clock limit).
# BASE: solutions/accepted/lexicographic.py
import itertools
import sys


def score(code, guess, colours):
    black = sum(1 for a, b in zip(code, guess) if a == b)
    common = sum(min(code.count(c), guess.count(c)) for c in range(1, colours + 1))
    return black, common - black


def main():
    pins, colours, _ = map(int, sys.stdin.readline().split())
    answers = []
    for code in itertools.product(range(1, colours + 1), repeat=pins):
        if any(score(code, guess, colours) != hint for guess, hint in answers):
            continue
        print(" ".join(map(str, code)), flush=True)
        words = sys.stdin.readline().split()
        if len(words) != 2:  # -1 (the guess was refused) or the end of the input
            return
        black, white = int(words[0]), int(words[1])
        if black == pins:
            sys.stdin.readline()  # MISTAKE: waits for a verdict the judge never sends
            return
        answers.append((code, (black, white)))


main()
