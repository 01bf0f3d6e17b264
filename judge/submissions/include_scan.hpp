#pragma once
// Whether a C or C++ source may read files beyond the ones it is compiled with, as far as the
// compile cache must know: an entry is keyed by the bytes of a submission's inputs, so a source
// whose compile reads anything else could be fetched stale from the cache (the compiler runs
// boxed either way: this is about staleness, not exposure).

#include <set>
#include <string>

namespace entrapment {

// True when every #include of `text` names one of `inputs` by its bare file name ("code.hpp",
// which the compiler finds beside the including file, in its own copy of the inputs) or a
// system header by a plain name (<vector>, <sys/wait.h>). False for anything the scan cannot
// read for sure: an include by a path or a macro, the "%:" digraph or "??=" trigraph of "#",
// a comment or a backslash-newline between "#" and its name, a line continued inside the
// name, and files pulled in by other means (#embed, the assembler's .incbin).
bool includes_only_inputs(const std::string& text, const std::set<std::string>& inputs);

}  // namespace entrapment
