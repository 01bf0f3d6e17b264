#include "config.hpp"

#include "kind.hpp"

namespace entrapment {

const char* to_string(AdversaryKind kind) {
  switch (kind) {
    case AdversaryKind::Adaptive:
      return "adaptive";
    case AdversaryKind::Random:
      return "random";
    case AdversaryKind::Committed:
      return "committed";
    case AdversaryKind::Scripted:
      return "scripted";
  }
  return "?";
}

}  // namespace entrapment
