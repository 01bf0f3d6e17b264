// The one way work is spread over threads in judge/: judging a submission's tests
// (execution/judge_tests), the input validator on many files (workflow/validator_runs), the
// corpus against the candidate tests (problems/entrapment/corpus/play).
#pragma once

#include <cstddef>
#include <functional>

namespace entrapment {

// How many threads `requested` stands for: itself when positive, else one per core.
int thread_count(int requested);

// Calls body(index, worker) for every index in [0, count) on thread_count(threads) threads,
// never more than `count` (and at least one): the calling thread is worker 0, the others 1, 2,
// ... (for per-thread scratch files). Each thread takes the next index, in increasing order,
// until none is left; the calls run concurrently, so `body` guards what they share. Returns
// once every call has; when a call throws, no further index is taken and the first exception
// is rethrown here.
void parallel_for(std::size_t count, int threads,
                  const std::function<void(std::size_t index, int worker)>& body);

}  // namespace entrapment
