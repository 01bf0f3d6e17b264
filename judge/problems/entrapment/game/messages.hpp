// Every message the judge writes about a contestant's game, in one table: the protocol errors,
// the verdict texts, and the words they are made of. The contestants' testing tool
// (attachments/testing_tool.py) says the same things from its own copy, MESSAGES, which
// tests/export/testing_tool_test.cpp compares with this table key by key: a message is changed
// here and in the tool, and the test names every key where the two differ. It lives in the
// lowest layer because the proof check (history.cpp) says some of them. C++14, standard library
// only (the single-file programs hold it).
//
// In a text, {name} stands for a value given when it is said; a text has no other braces.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace entrapment {

// X(key, text): the key names the message in C++ (Message::key) and in the testing tool
// (MESSAGES["key"]).
#define ENTRAPMENT_MESSAGES(X)                                                                    \
  /* Where the game is; every failure is "{where}: {message}". */                                 \
  X(located, "{where}: {message}")                                                                \
  X(where_before, "before the first round")                                                       \
  X(where_round, "round {round}")                                                                 \
  X(where_after, "after round {rounds}")                                                          \
  /* What each read wants ({what}), and how a read fails. */                                      \
  X(word_wanted, "{what} ({words})")                                                              \
  X(integer_wanted, "{what} (an integer {low}..{high})")                                          \
  X(integers_wanted, "{what}, {count} integers {low}..{high} on one line")                        \
  X(labels_wanted, "{what}, {labels} on one line")                                                \
  X(output_ended, "expected {what}, but the output ended")                                        \
  X(line_too_long, "expected {what}, got a line longer than {limit} bytes")                       \
  X(not_the_word, "expected {what} ({words}, exactly), got {line}")                               \
  X(not_alone, "expected {what} alone on its line, got {line}")                                   \
  X(not_an_integer_alone, "expected {what}, got {token}, not an integer")                         \
  X(out_of_range_alone, "expected {what}, got {token}, out of range")                             \
  X(token_count, "expected {what}, got {tokens}")                                                 \
  X(not_an_integer, "{what}: {token} is not an integer")                                          \
  X(outside_range, "{what}: {token} is outside {low}..{high}")                                    \
  X(not_a_label, "{what}: {token} is not a square label (1..9)")                                  \
  X(listed_twice, "{what}: square {token} is listed twice")                                       \
  X(not_available, "{what}: square {token} is not available (available: {available})")            \
  X(more_after_game, "the game is over, but the program wrote more: {line}")                      \
  X(blank_lines_after_game,                                                                       \
    "the game is over, but the program wrote more than {limit} bytes of blank lines after it "    \
    "({lines} lines)")                                                                            \
  /* The lines the judge reads. */                                                                \
  X(what_side, "the side you play")                                                               \
  X(what_answer, "your answer to the query")                                                      \
  X(what_move, "whether you could move")                                                          \
  X(what_proof, "your proof: the start square and the square after each move")                    \
  X(what_query_size, "N, the number of squares in your query")                                    \
  X(what_query, "the squares of your query")                                                      \
  X(what_block, "the square you block")                                                           \
  /* The game's rules broken, and the verdicts. */                                                \
  X(wrong_side,                                                                                   \
    "you claimed {claim}, but on this board (R = {rounds}, unavailable {unavailable}) the "       \
    "{winner} wins with optimal play")                                                            \
  X(answer_contradicts,                                                                           \
    "you answered {answer} to the query {query}, but you can only be on {squares}: the answer "   \
    "contradicts {earlier}")                                                                      \
  X(earlier_first_round, "the squares you could be on")                                           \
  X(earlier_later_rounds, "your earlier ones")                                                    \
  X(trapped_after_block,                                                                          \
    "after the block of square {block}, none of the squares you could be on {squares} has an "    \
    "available neighbour: you are trapped")                                                       \
  X(false_trapped, "you said Trapped, but from {squares} you can move to {moved}")                \
  X(invalid_proof, "invalid proof {path}: {why}")                                                 \
  X(proof_length,                                                                                 \
    "the proof has {count} squares, expected {expected} (the start and one per "                  \
    "round)")                                                                                     \
  X(proof_not_a_label, "square {square} is not a label 1..9")                                     \
  X(proof_start_unavailable, "start square {square} was unavailable at the start")                \
  X(proof_in_query,                                                                               \
    "round {round}: the proof is on square {square}, which is in the query {query}, but the "     \
    "answer was {answer}")                                                                        \
  X(proof_not_in_query,                                                                           \
    "round {round}: the proof is on square {square}, which is not in the query {query}, but the " \
    "answer was {answer}")                                                                        \
  X(proof_not_adjacent,                                                                           \
    "round {round}: the move {from} -> {to} is not to an orthogonally adjacent square")           \
  X(proof_to_unavailable, "round {round}: the move {from} -> {to} goes to an unavailable square") \
  X(runner_survived, "the Runner survived {rounds} and proved it with {path}")                    \
  X(runner_trapped, "the Runner was trapped in round {round} of {rounds}")                        \
  X(runner_escaped, "the Runner was not trapped in {rounds}; it escaped along {path}")

enum class Message {
#define ENTRAPMENT_MESSAGE_ID(key, text) key,
  ENTRAPMENT_MESSAGES(ENTRAPMENT_MESSAGE_ID)
#undef ENTRAPMENT_MESSAGE_ID
};

struct MessageText {
  const char* key;
  const char* text;
};

// Every message, in the table's order.
const std::vector<MessageText>& all_messages();

// The message's text with each {name} replaced by its value. A name without a value, or a
// value the text does not name, is the judge's own mistake: std::logic_error.
std::string say(Message message,
                const std::vector<std::pair<std::string, std::string>>& values = {});

// "1 round", "3 rounds": `count` and the noun, plural unless count is 1.
std::string count_of(long long count, const std::string& noun);

}  // namespace entrapment
