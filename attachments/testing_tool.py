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
import subprocess
import sys
import time

MAX_LINE_BYTES = 1 << 20
ALL = (1 << 9) - 1


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


def quote(text):
    shown = "".join(c if " " <= c <= "~" else "\\x%02x" % ord(c) for c in text[:60])
    return "'" + shown + ("..." if len(text) > 60 else "") + "'"


def parse_integer(token):
    """A canonical integer: optional '-', digits, no leading zero, at most 18 digits."""
    digits = token[1:] if token.startswith("-") else token
    if not digits or len(digits) > 18 or not all("0" <= c <= "9" for c in digits):
        return None
    if len(digits) > 1 and digits[0] == "0":
        return None
    return int(token)


def rounds_text(count):
    return "%d round%s" % (count, "" if count == 1 else "s")


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
            return "before the first round"
        if self.round > self.rounds:
            return "after round %d" % self.rounds
        return "round %d" % self.round

    def fail(self, message, protocol=True):
        raise WrongAnswer("%s: %s" % (self.where(), message), protocol)

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
            self.fail("expected %s, but the output ended" % what)
        text, too_long = got
        if too_long:
            self.transcript.append("> " + text[:200])
            self.fail("expected %s, got a line longer than %d bytes" % (what, MAX_LINE_BYTES))
        if text.endswith("\r"):
            text = text[:-1]
        self.transcript.append("> " + text)
        return text

    def word(self, words, what):
        expected = " or ".join(words)
        text = self.line("%s (%s)" % (what, expected))
        got = split_blanks(text)
        if len(got) == 1 and got[0] in words:
            return got[0]
        self.fail("expected %s (%s, exactly), got %s" % (what, expected, quote(text)))

    def integer(self, low, high, what):
        rng = " (an integer %d..%d)" % (low, high)
        text = self.line(what + rng)
        got = split_blanks(text)
        if len(got) != 1:
            self.fail("expected %s%s alone on its line, got %s" % (what, rng, quote(text)))
        value = parse_integer(got[0])
        if value is None:
            self.fail("expected %s%s, got %s, not an integer" % (what, rng, quote(got[0])))
        if not low <= value <= high:
            self.fail("expected %s%s, got %s, out of range" % (what, rng, got[0]))
        return value

    def tokens(self, what, skip_one_blank=False):
        got = split_blanks(self.line(what))
        if not got and skip_one_blank:
            got = split_blanks(self.line(what))
        return got

    def integers(self, count, what):
        expected = "%d integers 1..9 on one line" % count
        got = self.tokens("%s, %s" % (what, expected))
        if len(got) != count:
            self.fail("expected %s, %s, got %d token%s" % (what, expected, len(got), "" if len(got) == 1 else "s"))
        out = []
        for token in got:
            value = parse_integer(token)
            if value is None:
                self.fail("%s: %s is not an integer" % (what, quote(token)))
            if not 1 <= value <= 9:
                self.fail("%s: %s is outside 1..9" % (what, token))
            out.append(value)
        return out

    def labels(self, count, allowed, what, skip_one_blank=False):
        expected = "%d distinct square label%s on one line" % (count, "" if count == 1 else "s")
        got = self.tokens("%s, %s" % (what, expected), skip_one_blank)
        if len(got) != count:
            self.fail("expected %s, %s, got %d token%s" % (what, expected, len(got), "" if len(got) == 1 else "s"))
        out, seen = [], 0
        for token in got:
            value = parse_integer(token)
            if value is None:
                self.fail("%s: %s is not an integer" % (what, quote(token)))
            if not 1 <= value <= 9:
                self.fail("%s: %s is not a square label (1..9)" % (what, token))
            if seen & bit(value):
                self.fail("%s: square %s is listed twice" % (what, token))
            if not allowed & bit(value):
                self.fail("%s: square %s is not available (available: %s)" % (what, token, squares(allowed)))
            seen |= bit(value)
            out.append(value)
        return out

    def expect_end(self):
        # Blank lines may follow the game, at most MAX_LINE_BYTES of them in all (like one line).
        self.waiting_for = "the end of your output (the game is over)"
        blank_bytes = 0
        while True:
            got = self.read_raw()
            if got is None:
                return
            text, too_long = got
            if too_long or split_blanks(text[:-1] if text.endswith("\r") else text):
                self.transcript.append("> " + text)
                self.fail("the game is over, but the program wrote more: " + quote(text))
            blank_bytes += len(text) + 1
            if blank_bytes > MAX_LINE_BYTES:
                self.fail("the game is over, but the program wrote more than %d bytes of blank "
                          "lines after it" % MAX_LINE_BYTES)


def play(judge, board, script, rng):
    rounds, unavailable = board
    judge.rounds = rounds
    available = ALL & ~sum(bit(s) for s in unavailable)
    judge.send("%d %d" % (rounds, len(unavailable)))
    if unavailable:
        judge.send(" ".join(map(str, unavailable)))
    winner = "Runner" if runner_wins(available, available, rounds) else "Trapper"
    claim = judge.word(["Runner", "Trapper"], "the side you play")
    if claim != winner:
        judge.fail("you claimed %s, but on this board the %s wins with optimal play" % (claim, winner))
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
            answer = judge.word(["Yes", "No"], "your answer to the query")
            qmask = sum(bit(s) for s in query)
            left = runner & qmask if answer == "Yes" else runner & ~qmask
            if not left:
                judge.fail("you answered %s to the query %s, but you can only be on %s: the answer "
                           "contradicts %s" % (answer, sorted(query), squares(runner),
                                               "the squares you could be on" if judge.round == 1
                                               else "your earlier ones"))
            if block is None:
                block = rng.choice(squares(available))
            history.append((qmask, answer, block))
            judge.send(str(block))
            available &= ~bit(block)
            moved = moves(left, available)
            if not moved:
                judge.fail("after the block of square %d, none of the squares you could be on %s has "
                           "an available neighbour: you are trapped" % (block, squares(left)), False)
            if judge.word(["Free", "Trapped"], "whether you could move") == "Trapped":
                judge.fail("you said Trapped, but from %s you can move to %s" % (squares(left), squares(moved)))
            runner = moved
        judge.round = rounds + 1
        path = judge.integers(rounds + 1, "your proof: the start square and the square after each move")
        proof = " ".join(map(str, path))  # quoted as the line the program wrote
        start = ALL & ~sum(bit(s) for s in unavailable)
        if not start & bit(path[0]):
            judge.fail("invalid proof %s: start square %d was unavailable at the start" % (proof, path[0]))
        free = start
        for i, (qmask, answer, block) in enumerate(history):
            here, nxt = path[i], path[i + 1]
            if bool(qmask & bit(here)) != (answer == "Yes"):
                judge.fail("invalid proof %s: round %d: square %d does not fit the answer %s" % (proof, i + 1, here, answer))
            free &= ~bit(block)
            if not NEIGHBOURS[here] & bit(nxt):
                judge.fail("invalid proof %s: round %d: the move %d -> %d is not to an adjacent square" % (proof, i + 1, here, nxt))
            if not free & bit(nxt):
                judge.fail("invalid proof %s: round %d: the move %d -> %d goes to an unavailable square" % (proof, i + 1, here, nxt))
        judge.expect_end()
        return "the Runner survived %s and proved it with %s" % (rounds_text(rounds), proof)

    for judge.round in range(1, rounds + 1):  # the judge is the Runner
        n = judge.integer(0, len(squares(available)), "N, the number of squares in your query")
        query = judge.labels(n, available, "the squares of your query") if n > 0 else []
        qmask = sum(bit(s) for s in query)
        truthful = [a for a in ("Yes", "No") if (runner & qmask if a == "Yes" else runner & ~qmask)]
        if script:
            answer = script[judge.round - 1] if script[judge.round - 1] in truthful else truthful[0]
        else:
            answer = rng.choice(truthful)
        runner = runner & qmask if answer == "Yes" else runner & ~qmask
        judge.send(answer)
        block = judge.labels(1, available, "the square you block", skip_one_blank=(n == 0))[0]
        available &= ~bit(block)
        runner = moves(runner, available)
        if not runner:
            judge.send("Trapped")
            judge.expect_end()
            return "the Runner was trapped in round %d of %d" % (judge.round, rounds)
        judge.send("Free")
    judge.round = rounds
    judge.fail("the Runner was not trapped in %s" % rounds_text(rounds), False)


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
        description="Testing tool for Entrapment (see the comments at the top).")
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
        try:
            process.stdin.close()
        except OSError:
            pass
        try:
            status = process.wait(timeout=max(0.5, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            process.kill()
            status = process.wait()
            if verdict == "Accepted":
                verdict, message = "Time Limit Exceeded", "the game was over, but your program did not exit"
    except KeyboardInterrupt:
        process.kill()
        process.wait()
        print("Interrupted (Ctrl-C) %s, while the judge waited for %s; the interaction so far is "
              "above." % (judge.where(), judge.waiting_for), flush=True)
        return 130
    if status < 0:
        print("Your program was killed by signal %d." % -status)
    else:
        print("Your program exited with status %d." % status)
    print(("Accepted: " if verdict == "Accepted" else verdict + ": ") + message)
    return 0 if verdict == "Accepted" else 1


if __name__ == "__main__":
    sys.exit(main())
