// The CPUs timed runs are pinned to, handed out one run at a time, as DOMjudge's judgehosts
// and isolate's boxes each own a CPU: no two timed runs of the judge share a core (each would
// get half of it, its cache thrashed by the other). Compiles are not timed and take none. The
// CPUs are those of the judge's own affinity mask (sched_getaffinity, read once): `taskset -c
// 2,3 judge run` judges on CPUs 2 and 3. One pool for the whole judge, shared by every thread
// that judges tests (judge_tests(), judge play): judge_test() alone pins nothing itself.
#pragma once

#include <condition_variable>
#include <mutex>
#include <vector>

namespace entrapment {

class CpuPool {
 public:
  // A CPU held by one run until the lease goes away.
  class Lease {
   public:
    Lease(CpuPool& pool, int cpu) : pool_(&pool), cpu_(cpu) {}
    Lease(Lease&& other) noexcept : pool_(other.pool_), cpu_(other.cpu_) { other.pool_ = nullptr; }
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    Lease& operator=(Lease&&) = delete;
    ~Lease() {
      if (pool_) pool_->give_back(cpu_);
    }
    int cpu() const { return cpu_; }

   private:
    CpuPool* pool_;
    int cpu_;
  };

  explicit CpuPool(std::vector<int> cpus);
  // The judge's: its affinity mask's CPUs.
  static CpuPool& shared();

  // How many runs may be timed at once: the CPUs.
  int size() const { return static_cast<int>(all_.size()); }
  // A CPU no other lease holds; waits for one when every CPU is held.
  Lease acquire();

 private:
  void give_back(int cpu);
  std::vector<int> all_;
  std::mutex mutex_;
  std::condition_variable freed_;
  std::vector<int> free_;  // the lowest last: handed out first
};

// The CPUs this process may run on (sched_getaffinity), in increasing order; at least one.
std::vector<int> usable_cpus();

}  // namespace entrapment
