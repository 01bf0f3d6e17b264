// Optional<T>: a value or nothing, for the core, which must compile as C++14 (Luogu compiles
// interactors with -std=c++14, Hydro's default C++ and UOJ's community edition are C++14), where
// std::optional does not exist. It lives in protocol/, below every problem, as every layer of the
// core uses it.
//
// The subset of std::optional the code needs: built empty (Optional<T>() or kNothing) or from a
// value; tested with `if (x)`; read with *x, x->, value_or(). Under C++17 and later it also
// converts to std::optional and compares with std::nullopt, so code outside the core (C++20)
// can keep using std::optional with the core's functions. T must be copyable; the values kept
// here are small (integers, a plan, a message, a path of at most ten squares).
#pragma once

#include <utility>

#if __cplusplus >= 201703L
#include <optional>
#endif

namespace entrapment {

// The empty value: `return kNothing;` in a function returning an Optional.
struct Nothing {};
constexpr Nothing kNothing{};

template <typename T>
class Optional {
 public:
  Optional() : present_(false), value_() {}
  Optional(Nothing) : Optional() {}
  Optional(T value) : present_(true), value_(std::move(value)) {}  // NOLINT: implicit, as std::

  bool has_value() const { return present_; }
  explicit operator bool() const { return present_; }

  // Only when has_value(): like std::optional, reading an empty Optional is a bug.
  T& operator*() { return value_; }
  const T& operator*() const { return value_; }
  T* operator->() { return &value_; }
  const T* operator->() const { return &value_; }

  T value_or(T fallback) const { return present_ ? value_ : fallback; }

  friend bool operator==(const Optional& a, const Optional& b) {
    return a.present_ == b.present_ && (!a.present_ || a.value_ == b.value_);
  }
  friend bool operator!=(const Optional& a, const Optional& b) { return !(a == b); }
  friend bool operator==(const Optional& a, const T& b) { return a.present_ && a.value_ == b; }
  friend bool operator!=(const Optional& a, const T& b) { return !(a == b); }

#if __cplusplus >= 201703L
  Optional(std::nullopt_t) : Optional() {}
  operator std::optional<T>() const {
    return present_ ? std::optional<T>(value_) : std::optional<T>();
  }
  friend bool operator==(const Optional& a, std::nullopt_t) { return !a.present_; }
  friend bool operator!=(const Optional& a, std::nullopt_t) { return a.present_; }
#endif

 private:
  bool present_;
  T value_;  // default-constructed while empty: every T here has a cheap default
};

}  // namespace entrapment
