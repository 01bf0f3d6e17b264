#include "cpu_pool.hpp"

#include <sched.h>

#include <algorithm>

namespace entrapment {

std::vector<int> usable_cpus() {
  std::vector<int> cpus;
  cpu_set_t mask;
  CPU_ZERO(&mask);
  if (::sched_getaffinity(0, sizeof mask, &mask) == 0)
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
      if (CPU_ISSET(cpu, &mask)) cpus.push_back(cpu);
  if (cpus.empty()) cpus.push_back(0);  // cannot happen: a process runs somewhere
  return cpus;
}

CpuPool::CpuPool(std::vector<int> cpus)
    : all_(std::move(cpus)), free_(all_.rbegin(), all_.rend()) {}

CpuPool& CpuPool::shared() {
  static CpuPool pool(usable_cpus());
  return pool;
}

CpuPool::Lease CpuPool::acquire() {
  std::unique_lock<std::mutex> lock(mutex_);
  freed_.wait(lock, [&] { return !free_.empty(); });
  const int cpu = free_.back();
  free_.pop_back();
  return Lease(*this, cpu);
}

void CpuPool::give_back(int cpu) {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    free_.push_back(cpu);
    // The lowest free CPU next, so that a judge running one test at a time keeps one CPU.
    std::sort(free_.rbegin(), free_.rend());
  }
  freed_.notify_one();
}

}  // namespace entrapment
