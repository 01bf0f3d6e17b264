#include "spelling.hpp"

#include <algorithm>
#include <cctype>

namespace entrapment {

namespace {

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

}  // namespace

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::optional<std::string> nearest_name(const std::string& word,
                                        const std::vector<std::string>& names,
                                        std::size_t max_edits) {
  std::optional<std::string> nearest;
  std::size_t best = max_edits + 1;
  for (const std::string& name : names) {
    const std::size_t d = edit_distance(lower(word), lower(name));
    if (d < best) {
      best = d;
      nearest = name;
    }
  }
  return nearest;
}

}  // namespace entrapment
