#include "least_held.hpp"

#include <algorithm>

namespace entrapment {

long long least_anonymous_kib(const std::vector<AnonymousReading>& readings) {
  // The best moment is a reading's own: the sum can only grow as T comes up to the next one.
  // A few hundred processes at most (the run's process limit): every pair is cheap.
  long long most = 0;
  for (const AnonymousReading& moment : readings) {
    long long sum = 0;
    for (const AnonymousReading& r : readings)
      if (r.first_seen < moment.read_at && moment.read_at <= r.read_at) sum += std::max(0LL, r.kib);
    most = std::max(most, sum);
  }
  return most;
}

}  // namespace entrapment
