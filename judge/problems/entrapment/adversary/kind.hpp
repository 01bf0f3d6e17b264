// The kinds of adversary a test file's `adversary NAME SEED` line names: the one list a new
// kind is added to (doc/development.md, "How to add an adversary kind"). Only the files that
// name kinds include it (the parser, the factories, the generator, their tests): every other
// file carries a kind through config.hpp's declaration, so a new kind recompiles these few
// files, not every file that holds a test. C++17, standard library only.
#pragma once

namespace entrapment {

enum class AdversaryKind { Adaptive, Random, Committed, Scripted };

// AdversaryConfig's kind starts as the zero value (config.hpp cannot name an enumerator).
static_assert(static_cast<int>(AdversaryKind::Adaptive) == 0,
              "adaptive is the kind a test file's adversary starts as");

}  // namespace entrapment
