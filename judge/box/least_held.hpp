// The least a run's processes hold together, from readings of their anonymous memory taken at
// different moments (under rlimits, each look reads a few processes: those slow to read wait
// their turn). Anonymous pages are shared between processes only by a fork: a reading of a
// process's share of them (Pss_Anon) stays a sound least of what it holds until a process is
// born that may share them, less what its anonymous resident set has lost since. Readings are
// summed only over processes each born before every one of them was read, so that no page a
// later fork shared counts in two.
#pragma once

#include <vector>

namespace entrapment {

struct AnonymousReading {
  double first_seen = 0;  // when the looks first saw the process: it was born before
  double read_at = 0;     // when its share was read
  long long kib = 0;      // its share then, less what its anonymous resident set lost since
};

// The most that readings taken together so may say, in KiB: over every moment T, the sum of
// those of processes seen before T and read at T or after.
long long least_anonymous_kib(const std::vector<AnonymousReading>& readings);

}  // namespace entrapment
