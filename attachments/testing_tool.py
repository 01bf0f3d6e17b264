#!/usr/bin/env python3
#
# Testing tool for the interactive problem "Entrapment".
#
# Usage:
#
#   python3 testing_tool.py [-b BOARD | -f FILE] [--seed SEED] [-t SECONDS] <program> [<arguments>...]
#
# It runs <program> (your compiled solution, or e.g. `python3 solution.py`) and plays the
# judge against it on one board, printing each line of the interaction as it happens, then
# the verdict:
#
#   python3 testing_tool.py -b "3 6 1 2 3 7 8 9" ./solution
#   python3 testing_tool.py -f board.txt python3 solution.py
#
# The tool's options may also come after the program (`./solution -b "3 0"`); to pass an
# option with the same name to your program instead, put the program after `--`:
#
#   python3 testing_tool.py -b "3 0" -- ./solution -b something
#
# -b BOARD  the board on the command line: R, U, then the U unavailable squares
#           (default: "2 0", sample 2)
# -f FILE   the board in a file, as your program receives it: a line "R U", then (when U > 0)
#           a line with the U unavailable squares. The sample input files you can download
#           hold exactly this. The file may go on with a script for the judge, one of:
#             ask L1 ... Lk block B      (one line per round) the judge plays the Trapper so
#             answers A1 ... AR          (Yes/No per round) the judge plays the Runner so
#           Without a script the judge plays with random choices (see --seed); a scripted
#           Runner's answer is replaced by the other one when it would be a lie.
# --seed S  the seed of the judge's random choices (default 0): the same seed and the same
#           program give the same game.
# -t S      give up after S seconds of wall-clock time (default 10): the verdict then says what
#           the judge was waiting for. A program that forgets to flush its output waits for
#           the judge while the judge waits for it; this is what ends that.
#
# Flush after every line you write: fflush(stdout) after printf, cout << endl or cout.flush()
# in C++, print(..., flush=True) in Python, System.out.flush() in Java. In C++, writing with
# printf and reading with cin flushes by accident: cin flushes cout before each read, and while
# cout is in sync with C's stdio that flushes printf's output too. Fast I/O
# (ios::sync_with_stdio(false) with cin.tie(nullptr)) ends that, so a program that passes here
# can still hang under the judge if it turns fast I/O on there (under #ifdef ONLINE_JUDGE, say).
#
# Your program runs with a clean environment (PATH, HOME, LANG and the like; no PYTHONUNBUFFERED
# or other PYTHON* variable), as under the real judge, so that a missing flush shows here too.
#
# Ctrl-C stops the game: the tool kills your program and says what it was waiting for; the
# interaction so far is already on the screen.
#
# Lines starting "<" were sent by the judge to your program, lines starting ">" by your program
# to the judge. The tool checks the protocol the way the real judge does (exact words, integers
# without leading zeros or signs, one line per item; spaces between tokens are free) and, like
# the real judge, prints -1 and stops when your program breaks it. The verdict is the last line:
# "Accepted", "Wrong Answer: <why>" or "Time Limit Exceeded: <why>". The exit code is 0 for
# Accepted, 1 for a rejected program, 2 for a mistake in the tool's arguments, 130 on Ctrl-C.
#
# The real judge plays the side that loses with optimal play, and it may or may not play well:
# this tool only plays at random (or as scripted), so a program that passes here can still lose
# against the real judge. Python 3 standard library only.

import argparse
import os
import random
import select
import signal
import subprocess
import sys
import time

MAX_LINE_BYTES = 1 << 20
ALL = (1 << 9) - 1

# What the tool says about a game: word for word what the real judge says (a copy of the judge's
# own table, judge/problems/entrapment/game/messages.hpp, kept equal by tests). {name} is a value.
MESSAGES = {
    "located": "{where}: {message}",
    "where_before": "before the first round",
    "where_round": "round {round}",
    "where_after": "after round {rounds}",
    "word_wanted": "{what} ({words})",
    "integer_wanted": "{what} (an integer {low}..{high})",
    "integers_wanted": "{what}, {count} integers {low}..{high} on one line",
    "labels_wanted": "{what}, {labels} on one line",
    "output_ended": "expected {what}, but the output ended",
    "line_too_long": "expected {what}, got a line longer than {limit} bytes",
    "not_the_word": "expected {what} ({words}, exactly), got {line}",
    "not_alone": "expected {what} alone on its line, got {line}",
    "not_an_integer_alone": "expected {what}, got {token}, not an integer",
    "out_of_range_alone": "expected {what}, got {token}, out of range",
    "token_count": "expected {what}, got {tokens}",
    "not_an_integer": "{what}: {token} is not an integer",
    "outside_range": "{what}: {token} is outside {low}..{high}",
    "not_a_label": "{what}: {token} is not a square label (1..9)",
    "listed_twice": "{what}: square {token} is listed twice",
    "not_available": "{what}: square {token} is not available (available: {available})",
    "more_after_game": "the game is over, but the program wrote more: {line}",
    "blank_lines_after_game": ("the game is over, but the program wrote more than {limit} bytes of "
                               "blank lines after it ({lines} lines)"),
    "what_side": "the side you play",
    "what_answer": "your answer to the query",
    "what_move": "whether you could move",
    "what_proof": "your proof: the start square and the square after each move",
    "what_query_size": "N, the number of squares in your query",
    "what_query": "the squares of your query",
    "what_block": "the square you block",
    "wrong_side": ("you claimed {claim}, but on this board (R = {rounds}, unavailable "
                   "{unavailable}) the {winner} wins with optimal play"),
    "answer_contradicts": ("you answered {answer} to the query {query}, but you can only be on "
                           "{squares}: the answer contradicts {earlier}"),
    "earlier_first_round": "the squares you could be on",
    "earlier_later_rounds": "your earlier ones",
    "trapped_after_block": ("after the block of square {block}, none of the squares you could be "
                            "on {squares} has an available neighbour: you are trapped"),
    "false_trapped": "you said Trapped, but from {squares} you can move to {moved}",
    "invalid_proof": "invalid proof {path}: {why}",
    "proof_length": ("the proof has {count} squares, expected {expected} (the start and one per "
                     "round)"),
    "proof_not_a_label": "square {square} is not a label 1..9",
    "proof_start_unavailable": "start square {square} was unavailable at the start",
    "proof_in_query": ("round {round}: the proof is on square {square}, which is in the query "
                       "{query}, but the answer was {answer}"),
    "proof_not_in_query": ("round {round}: the proof is on square {square}, which is not in the "
                           "query {query}, but the answer was {answer}"),
    "proof_not_adjacent": ("round {round}: the move {from} -> {to} is not to an orthogonally "
                           "adjacent square"),
    "proof_to_unavailable": "round {round}: the move {from} -> {to} goes to an unavailable square",
    "runner_survived": "the Runner survived {rounds} and proved it with {path}",
    "runner_trapped": "the Runner was trapped in round {round} of {rounds}",
    "runner_escaped": "the Runner was not trapped in {rounds}; it escaped along {path}",
}


def say(key, **values):
    return MESSAGES[key].format(**values)


def count_of(count, noun):
    """The count and the noun, plural unless the count is 1: 1 round, 3 rounds."""
    return "%d %s%s" % (count, noun, "" if count == 1 else "s")


def describe(mask):
    """A set of squares as the judge writes it: {1,2,3}."""
    return "{" + ",".join(map(str, squares(mask))) + "}"


def bit(square):
    return 1 << (square - 1)


def squares(mask):
    return [s for s in range(1, 10) if mask & bit(s)]


def neighbours(square):
    row, col = divmod(square - 1, 3)
    out = 0
    for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
        if 0 <= r < 3 and 0 <= c < 3:
            out |= bit(3 * r + c + 1)
    return out


NEIGHBOURS = [0] + [neighbours(s) for s in range(1, 10)]


def moves(runner, available):
    """Squares the Runner can be on after moving from any square of `runner`."""
    out = 0
    for s in squares(runner):
        out |= NEIGHBOURS[s]
    return out & available


_memo = {}


def runner_wins(available, runner, rounds):
    """Whether the Runner, who could be on any square of `runner`, survives `rounds` more
    rounds against every Trapper. Only how a query splits `runner` matters, and a query and its
    complement split it the same way."""
    if rounds == 0:
        return True
    key = (available, runner, rounds)
    if key in _memo:
        return _memo[key]
    low = runner & -runner
    rest = runner ^ low
    result = True
    sub = rest
    while True:
        part = sub | low
        if not any(survives(available, answer, rounds) for answer in (part, runner ^ part) if answer):
            result = False
            break
        if sub == 0:
            break
        sub = (sub - 1) & rest
    _memo[key] = result
    return result


def survives(available, answered, rounds):
    """Whether the Runner, left on `answered` after answering, survives every block."""
    for block in squares(available):
        left = available & ~bit(block)
        moved = moves(answered, left)
        if not moved or not runner_wins(left, moved, rounds - 1):
            return False
    return True


class WrongAnswer(Exception):
    def __init__(self, message, protocol=True):
        super().__init__(message)
        self.protocol = protocol


class OutOfTime(Exception):
    """The wall-clock limit (-t) passed while the judge waited for the program."""


class LineReader:
    """Lines from the program's stdout, each read before a deadline (select, then os.read), so
    that a program that never writes cannot hang the tool."""

    def __init__(self, stream, deadline):
        self.fd = stream.fileno()
        self.deadline = deadline
        self.buffer = b""
        self.ended = False

    def readline(self, limit):
        while True:
            newline = self.buffer.find(b"\n", 0, limit)
            if newline >= 0:
                line, self.buffer = self.buffer[:newline + 1], self.buffer[newline + 1:]
                return line
            if len(self.buffer) >= limit or self.ended:
                line, self.buffer = self.buffer[:limit], self.buffer[limit:]
                return line
            left = self.deadline - time.monotonic()
            if left <= 0 or not select.select([self.fd], [], [], left)[0]:
                raise OutOfTime()
            chunk = os.read(self.fd, 1 << 16)
            if chunk:
                self.buffer += chunk
            else:
                self.ended = True


def quote(text, limit=60):
    """What the contestant sent, as the judge quotes it: at most `limit` bytes in double quotes,
    '"' and '\\' escaped, other bytes outside printable ASCII as \\xHH."""
    shown = "".join("\\" + c if c in '"\\' else c if " " <= c <= "~" else "\\x%02X" % ord(c)
                    for c in text[:limit])
    return '"' + shown + '"' + ("... (%d bytes)" % len(text) if len(text) > limit else "")


def parse_integer(token):
    """A canonical integer: optional '-', digits, no leading zero, at most 18 digits."""
    digits = token[1:] if token.startswith("-") else token
    if not digits or len(digits) > 18 or not all("0" <= c <= "9" for c in digits):
        return None
    if len(digits) > 1 and digits[0] == "0":
        return None
    return int(token)


def split_blanks(line):
    return [t for t in line.replace("\t", " ").split(" ") if t]


class Transcript(list):
    """The interaction, each line printed the moment it happens (and kept)."""

    def append(self, line):
        super().append(line)
        print(line, flush=True)


class Judge:
    def __init__(self, process, transcript, deadline):
        self.process = process
        self.transcript = transcript
        self.reader = LineReader(process.stdout, deadline)
        self.waiting_for = "nothing"
        self.round = 0
        self.rounds = 0

    def where(self):
        if self.round == 0:
            return say("where_before")
        if self.round > self.rounds:
            return say("where_after", rounds=self.rounds)
        return say("where_round", round=self.round)

    def fail(self, message, protocol=True):
        raise WrongAnswer(say("located", where=self.where(), message=message), protocol)

    def send(self, line):
        # A failed write is not judged by itself (its timing is the operating system's): if
        # the program still owed lines, reading them finds the end of its output.
        self.transcript.append("< " + line)
        try:
            self.process.stdin.write((line + "\n").encode("latin-1"))
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            pass

    def read_raw(self):
        data = self.reader.readline(MAX_LINE_BYTES + 1)
        if not data:
            return None
        text = data.decode("latin-1")
        if text.endswith("\n"):
            text = text[:-1]
        elif len(data) > MAX_LINE_BYTES:
            return text[:MAX_LINE_BYTES], True
        if len(text) > MAX_LINE_BYTES:
            return text[:MAX_LINE_BYTES], True
        return text, False

    def line(self, what):
        self.waiting_for = what
        got = self.read_raw()
        if got is None:
            self.fail(say("output_ended", what=what))
        text, too_long = got
        if too_long:
            self.transcript.append("> " + text[:200])
            self.fail(say("line_too_long", what=what, limit=MAX_LINE_BYTES))
        if text.endswith("\r"):
            text = text[:-1]
        self.transcript.append("> " + text)
        return text

    def word(self, words, what):
        expected = " or ".join(words)
        text = self.line(say("word_wanted", what=what, words=expected))
        got = split_blanks(text)
        if len(got) == 1 and got[0] in words:
            return got[0]
        self.fail(say("not_the_word", what=what, words=expected, line=quote(text)))

    def integer(self, low, high, what):
        wanted = say("integer_wanted", what=what, low=low, high=high)
        text = self.line(wanted)
        got = split_blanks(text)
        if len(got) != 1:
            self.fail(say("not_alone", what=wanted, line=quote(text)))
        value = parse_integer(got[0])
        if value is None:
            self.fail(say("not_an_integer_alone", what=wanted, token=quote(got[0])))
        if not low <= value <= high:
            self.fail(say("out_of_range_alone", what=wanted, token=got[0]))
        return value

    def tokens(self, what, skip_one_blank=False):
        got = split_blanks(self.line(what))
        if not got and skip_one_blank:
            got = split_blanks(self.line(what))
        return got

    def integers(self, count, what):
        wanted = say("integers_wanted", what=what, count=count, low=1, high=9)
        got = self.tokens(wanted)
        if len(got) != count:
            self.fail(say("token_count", what=wanted, tokens=count_of(len(got), "token")))
        out = []
        for token in got:
            value = parse_integer(token)
            if value is None:
                self.fail(say("not_an_integer", what=what, token=quote(token)))
            if not 1 <= value <= 9:
                self.fail(say("outside_range", what=what, token=token, low=1, high=9))
            out.append(value)
        return out

    def labels(self, count, allowed, what, skip_one_blank=False):
        wanted = say("labels_wanted", what=what, labels=count_of(count, "distinct square label"))
        got = self.tokens(wanted, skip_one_blank)
        if len(got) != count:
            self.fail(say("token_count", what=wanted, tokens=count_of(len(got), "token")))
        out, seen = [], 0
        for token in got:
            value = parse_integer(token)
            if value is None:
                self.fail(say("not_an_integer", what=what, token=quote(token)))
            if not 1 <= value <= 9:
                self.fail(say("not_a_label", what=what, token=token))
            if seen & bit(value):
                self.fail(say("listed_twice", what=what, token=token))
            if not allowed & bit(value):
                self.fail(say("not_available", what=what, token=token, available=describe(allowed)))
            seen |= bit(value)
            out.append(value)
        return out

    def expect_end(self):
        # Blank lines may follow the game, at most MAX_LINE_BYTES of them in all (like one line).
        self.waiting_for = "the end of your output (the game is over)"
        blank_bytes, blank_lines = 0, 0
        while True:
            got = self.read_raw()
            if got is None:
                return
            text, too_long = got
            if too_long or split_blanks(text[:-1] if text.endswith("\r") else text):
                self.transcript.append("> " + text)
                self.fail(say("more_after_game", line=quote(text)))
            blank_bytes += len(text) + 1
            blank_lines += 1
            if blank_bytes > MAX_LINE_BYTES:
                self.fail(say("blank_lines_after_game", limit=MAX_LINE_BYTES, lines=blank_lines))


def path_violation(start, history, path):
    """What is wrong with the Runner's proof `path` (the start and one square per round), given
    the rounds played as (query mask, answer, block), or None."""
    if len(path) != len(history) + 1:
        return say("proof_length", count=len(path), expected=len(history) + 1)
    for square in path:
        if not 1 <= square <= 9:
            return say("proof_not_a_label", square=square)
    if not start & bit(path[0]):
        return say("proof_start_unavailable", square=path[0])
    free = start
    for i, (qmask, answer, block) in enumerate(history):
        here, nxt = path[i], path[i + 1]
        inside = bool(qmask & bit(here))
        if inside != (answer == "Yes"):
            return say("proof_in_query" if inside else "proof_not_in_query", round=i + 1,
                       square=here, query=describe(qmask), answer=answer)
        free &= ~bit(block)
        if not NEIGHBOURS[here] & bit(nxt):
            return say("proof_not_adjacent", round=i + 1, **{"from": here, "to": nxt})
        if not free & bit(nxt):
            return say("proof_to_unavailable", round=i + 1, **{"from": here, "to": nxt})
    return None


def consistent_path(start, history):
    """A path the Runner could have taken through `history`: the smallest square it can end on,
    then back through squares that could have led there."""
    reachable, free = [start], start
    for qmask, answer, block in history:
        answered = reachable[-1] & (qmask if answer == "Yes" else ~qmask)
        free &= ~bit(block)
        reachable.append(moves(answered, free))
    path = [squares(reachable[-1])[0]]
    for i in range(len(history) - 1, -1, -1):
        qmask, answer, _ = history[i]
        answered = reachable[i] & (qmask if answer == "Yes" else ~qmask)
        path.insert(0, squares(answered & NEIGHBOURS[path[0]])[0])
    return path


def play(judge, board, script, rng):
    rounds, unavailable = board
    judge.rounds = rounds
    available = ALL & ~sum(bit(s) for s in unavailable)
    judge.send("%d %d" % (rounds, len(unavailable)))
    if unavailable:
        judge.send(" ".join(map(str, unavailable)))
    winner = "Runner" if runner_wins(available, available, rounds) else "Trapper"
    claim = judge.word(["Runner", "Trapper"], say("what_side"))
    if claim != winner:
        judge.fail(say("wrong_side", claim=claim, rounds=rounds,
                       unavailable=describe(sum(bit(s) for s in unavailable)), winner=winner))
    runner = available
    history = []
    if winner == "Runner":  # the judge is the Trapper
        for judge.round in range(1, rounds + 1):
            if script:
                query, block = script[judge.round - 1]
            else:
                query = [s for s in squares(available) if rng.random() < 0.5]
                rng.shuffle(query)
                block = None
            judge.send(str(len(query)))
            if query:
                judge.send(" ".join(map(str, query)))
            answer = judge.word(["Yes", "No"], say("what_answer"))
            qmask = sum(bit(s) for s in query)
            left = runner & qmask if answer == "Yes" else runner & ~qmask
            if not left:
                earlier = "earlier_first_round" if judge.round == 1 else "earlier_later_rounds"
                judge.fail(say("answer_contradicts", answer=answer, query=describe(qmask),
                               squares=describe(runner), earlier=say(earlier)))
            if block is None:
                block = rng.choice(squares(available))
            history.append((qmask, answer, block))
            judge.send(str(block))
            available &= ~bit(block)
            moved = moves(left, available)
            if not moved:
                judge.fail(say("trapped_after_block", block=block, squares=describe(left)), False)
            if judge.word(["Free", "Trapped"], say("what_move")) == "Trapped":
                judge.fail(say("false_trapped", squares=describe(left), moved=describe(moved)))
            runner = moved
        judge.round = rounds + 1
        path = judge.integers(rounds + 1, say("what_proof"))
        proof = " ".join(map(str, path))  # quoted as the line the program wrote
        wrong = path_violation(ALL & ~sum(bit(s) for s in unavailable), history, path)
        if wrong:
            judge.fail(say("invalid_proof", path=proof, why=wrong))
        judge.expect_end()
        return say("runner_survived", rounds=count_of(rounds, "round"), path=proof)

    for judge.round in range(1, rounds + 1):  # the judge is the Runner
        n = judge.integer(0, len(squares(available)), say("what_query_size"))
        query = judge.labels(n, available, say("what_query")) if n > 0 else []
        qmask = sum(bit(s) for s in query)
        truthful = [a for a in ("Yes", "No") if (runner & qmask if a == "Yes" else runner & ~qmask)]
        if script:
            answer = script[judge.round - 1] if script[judge.round - 1] in truthful else truthful[0]
        else:
            answer = rng.choice(truthful)
        runner = runner & qmask if answer == "Yes" else runner & ~qmask
        judge.send(answer)
        block = judge.labels(1, available, say("what_block"), skip_one_blank=(n == 0))[0]
        history.append((qmask, answer, block))
        available &= ~bit(block)
        runner = moves(runner, available)
        if not runner:
            judge.send("Trapped")
            judge.expect_end()
            return say("runner_trapped", round=judge.round, rounds=rounds)
        judge.send("Free")
    judge.round = rounds
    escape = " ".join(map(str, consistent_path(ALL & ~sum(bit(s) for s in unavailable), history)))
    judge.fail(say("runner_escaped", rounds=count_of(rounds, "round"), path=escape), False)


# The variables the program gets from the user's environment; nothing else is passed. The real
# judge starts a program with a bare environment, and a variable such as PYTHONUNBUFFERED (set
# by many IDEs and shell setups) would make a Python program that never flushes work here and
# wait until the time limit there. The Windows names are what programs need to start there.
PROGRAM_ENVIRONMENT = ("PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "TMPDIR", "TEMP", "TMP",
                       "SYSTEMROOT", "SYSTEMDRIVE", "WINDIR", "COMSPEC", "PATHEXT", "USERPROFILE")


def program_environment():
    return {name: os.environ[name] for name in PROGRAM_ENVIRONMENT if name in os.environ}


def parse_board(text, where):
    """The board (R, unavailable squares) and the judge's script, from the test-file lines."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()

    def ints(line, number):
        values = [parse_integer(t) for t in line.split()]
        if None in values:
            raise ValueError("%s line %d: expected integers, got %r" % (where, number, line))
        return values

    if not lines:
        raise ValueError("%s: empty" % where)
    head = ints(lines[0], 1)
    if len(head) != 2 or not (1 <= head[0] <= 9 and 0 <= head[1] <= 8 and head[0] + head[1] <= 9):
        raise ValueError("%s line 1: expected 'R U' with 1 <= R <= 9, 0 <= U <= 8, R + U <= 9" % where)
    rounds, count = head
    rest = lines[1:]
    unavailable = []
    if count > 0:
        unavailable = ints(rest[0], 2) if rest else []
        rest = rest[1:]
        if len(unavailable) != count or len(set(unavailable)) != count or not all(1 <= s <= 9 for s in unavailable):
            raise ValueError("%s line 2: expected %d distinct labels 1..9" % (where, count))
    script = []
    for offset, line in enumerate(rest):
        number = offset + 2 + (1 if count else 0)
        words = line.split()
        if not words or words[0] == "adversary":
            continue
        if words[0] == "ask" and "block" in words:
            k = words.index("block")
            query = ints(" ".join(words[1:k]), number)
            block = ints(" ".join(words[k + 1:]), number)
            if len(block) != 1:
                raise ValueError("%s line %d: expected one square after block" % (where, number))
            script.append((query, block[0]))
        elif words[0] == "answers" and all(w in ("Yes", "No") for w in words[1:]):
            script = words[1:]
        else:
            raise ValueError("%s line %d: not a judge script line: %r" % (where, number, line))
    if script and len(script) != rounds:
        raise ValueError("%s: the judge's script has %d rounds, the board %d" % (where, len(script), rounds))
    return (rounds, unavailable), script


def check_script(board, script):
    """A scripted Trapper must play legal queries and blocks; its side must be the loser."""
    rounds, unavailable = board
    available = ALL & ~sum(bit(s) for s in unavailable)
    runner_side = runner_wins(available, available, rounds)
    if script and isinstance(script[0], str) and runner_side:
        raise ValueError("answers script: the judge plays the Trapper on this board (use ask lines)")
    if script and isinstance(script[0], tuple):
        if not runner_side:
            raise ValueError("ask script: the judge plays the Runner on this board (use an answers line)")
        for number, (query, block) in enumerate(script, 1):
            if len(set(query)) != len(query) or any(not available & bit(s) for s in query + [block]):
                raise ValueError("ask script round %d: squares must be distinct and available" % number)
            available &= ~bit(block)


# What -h ends with: the mistake that passes here and hangs under the judge.
FLUSH_NOTE = ("Flush after every line: fflush(stdout), cout << endl, print(..., flush=True), "
              "System.out.flush(). In C++, printf with cin flushes by accident (cin flushes cout, "
              "which flushes C's stdout while the two are in sync); with fast I/O "
              "(ios::sync_with_stdio(false), cin.tie(nullptr)) it does not, so a program that "
              "passes here can still hang under the judge if it turns fast I/O on there.")


TOOL_OPTIONS = {"-b": "board", "--board": "board", "-f": "file", "--file": "file",
                "--seed": "seed", "-t": "timeout", "--timeout": "timeout"}


def split_arguments(argv):
    """The tool's options and the program's command line. Before a `--`, the tool's options are
    taken wherever they stand, so `./solution -b "3 0"` plays that board; everything after a
    `--` belongs to the program."""
    if "--" in argv:
        at = argv.index("--")
        return argv[:at], argv[at + 1:], []
    options, program, moved = [], [], []
    i = 0
    while i < len(argv):
        word = argv[i]
        name = word.split("=", 1)[0]
        if name in TOOL_OPTIONS or (not program and word.startswith("-")):
            takes_value = name in TOOL_OPTIONS and "=" not in word
            options += argv[i:i + 2] if takes_value else [word]
            if program:
                moved.append(name)
            i += 2 if takes_value else 1
        else:
            program.append(word)
            i += 1
    return options, program, moved


def main():
    parser = argparse.ArgumentParser(
        prog="testing_tool.py", usage="%(prog)s [-b BOARD | -f FILE] [--seed S] [-t S] [--] program [args...]",
        description="Testing tool for Entrapment (see the comments at the top).",
        epilog=FLUSH_NOTE)
    source = parser.add_mutually_exclusive_group()
    source.add_argument("-b", "--board", help='the board: "R U s1 ... sU" (default "2 0")')
    source.add_argument("-f", "--file", help="a file with the board (and optionally a judge script)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the judge's random choices")
    parser.add_argument("-t", "--timeout", type=float, default=10.0,
                        help="seconds of wall-clock time before the tool gives up (default 10)")
    options, program, moved = split_arguments(sys.argv[1:])
    args = parser.parse_args(options)
    if not program:
        parser.error("give the program to run, e.g. ./solution or python3 solution.py")
    if args.timeout <= 0:
        parser.error("-t takes a positive number of seconds")
    for name in moved:
        print("testing_tool: %s after the program is read as the tool's option (to pass it to your "
              "program, put the program after --)" % name, file=sys.stderr)
    try:
        if args.file:
            with open(args.file, "r", encoding="latin-1", newline="") as f:
                board, script = parse_board(f.read(), args.file)
        else:
            tokens = (args.board or "2 0").split()
            text = " ".join(tokens[:2]) + "\n" + (" ".join(tokens[2:]) + "\n" if tokens[2:] else "")
            board, script = parse_board(text, "--board")
        check_script(board, script)
    except (OSError, ValueError) as e:
        print("testing_tool: %s" % e, file=sys.stderr)
        return 2

    try:
        process = subprocess.Popen(program, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   env=program_environment())
    except OSError as e:
        print("testing_tool: cannot run %s: %s" % (" ".join(program), e), file=sys.stderr)
        return 2
    deadline = time.monotonic() + args.timeout
    judge = Judge(process, Transcript(), deadline)
    verdict, message = "Wrong Answer", ""
    status = None  # how the program ended, when it ended by itself
    try:
        try:
            message = play(judge, board, script, random.Random(args.seed))
            verdict = "Accepted"
        except WrongAnswer as e:
            message = str(e)
            if e.protocol:
                judge.send("-1")
        except OutOfTime:
            verdict = "Time Limit Exceeded"
            message = ("%s: no answer within %g s of wall-clock time while the judge waited for %s "
                       "(a program that does not flush its output after each line waits like "
                       "this)" % (judge.where(), args.timeout, judge.waiting_for))
        if verdict == "Time Limit Exceeded":
            # The tool gave up on the program: it is stopped, and its exit status says nothing.
            # Closing its input instead would let a program that never flushed read the end of
            # its input and exit with status 0, as if nothing had been wrong.
            process.kill()
            process.wait()
        else:
            # Its input ends; after a wrong answer the tool reads no more of its output either:
            # a program still writing ends with SIGPIPE then, not by the kill at the time limit.
            ends = [process.stdin] if verdict == "Accepted" else [process.stdin, process.stdout]
            for end in ends:
                try:
                    end.close()
                except OSError:
                    pass
            try:
                status = process.wait(timeout=max(0.5, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
                if verdict == "Accepted":
                    verdict, message = ("Time Limit Exceeded",
                                        "the game was over, but your program did not exit")
    except KeyboardInterrupt:
        process.kill()
        process.wait()
        print("Interrupted (Ctrl-C) %s, while the judge waited for %s; the interaction so far is "
              "above." % (judge.where(), judge.waiting_for), flush=True)
        return 130
    sigpipe = getattr(signal, "SIGPIPE", None)  # none on Windows
    if status is not None and sigpipe is not None and status == -sigpipe and verdict != "Accepted":
        print("Your program was killed by signal %d (SIGPIPE): it wrote after the tool had "
              "stopped reading." % -status)
    elif status is not None and status < 0:
        print("Your program was killed by signal %d." % -status)
    elif status is not None:
        print("Your program exited with status %d." % status)
    print(("Accepted: " if verdict == "Accepted" else verdict + ": ") + message)
    return 0 if verdict == "Accepted" else 1


if __name__ == "__main__":
    sys.exit(main())
