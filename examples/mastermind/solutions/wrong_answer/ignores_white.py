# WRONG ANSWER: uses only B of each answer.
#
# The lexicographic strategy, but a code counts as agreeing with an answer as soon as its B
# matches: W is read and thrown away. It still never repeats a guess and wins in the end,
# but it keeps codes that W has ruled out, so it needs more guesses than the strategy with
# both numbers, and the test data gives no more than that one needs.
# Caught by: the adaptive judges with 4 pins of 3 colours or more (gen-p4-c*-lexicographic-worst),
# and the fixed code 6 5 4 3 (hand-p4-c6-g9-fixed-6-5-4-3).
# BASE: solutions/accepted/lexicographic.py
import itertools
import sys


def blacks(code, guess):  # MISTAKE: only B
    return sum(1 for a, b in zip(code, guess) if a == b)


def main():
    pins, colours, _ = map(int, sys.stdin.readline().split())
    answers = []
    for code in itertools.product(range(1, colours + 1), repeat=pins):
        if any(blacks(code, guess) != black for guess, black in answers):  # MISTAKE: W unused
            continue
        print(" ".join(map(str, code)), flush=True)
        words = sys.stdin.readline().split()
        if len(words) != 2:  # -1 (the guess was refused) or the end of the input
            return
        black = int(words[0])  # MISTAKE: W is dropped
        if black == pins:
            return
        answers.append((code, black))


main()
