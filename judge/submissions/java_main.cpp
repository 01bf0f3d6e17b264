#include "java_main.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <optional>

#include "support/files.hpp"

namespace entrapment {

namespace fs = std::filesystem;

namespace {

// A bounds-checked reader over a class file (JVM specification, chapter 4): past the end it
// reads zeros and ok() is false.
class ClassReader {
 public:
  explicit ClassReader(std::string bytes) : bytes_(std::move(bytes)) {}

  bool ok() const { return at_ <= bytes_.size(); }
  std::uint32_t u(int size) {
    std::uint32_t value = 0;
    for (int i = 0; i < size; ++i, ++at_)
      value = (value << 8) | (at_ < bytes_.size() ? static_cast<unsigned char>(bytes_[at_]) : 0);
    return value;
  }
  std::string text(std::size_t size) {
    at_ += size;
    return ok() ? bytes_.substr(at_ - size, size) : std::string();
  }
  void skip(std::size_t size) { at_ += size; }

 private:
  std::string bytes_;
  std::size_t at_ = 0;
};

// The bytes after the tag of each other constant pool entry, by its tag (JVM specification,
// 4.4); 0: no such tag.
constexpr std::size_t kEntryBytes[] = {0, 0, 0, 4, 4, 8, 8, 0, 2, 4, 4,
                                       4, 4, 0, 0, 3, 2, 4, 4, 2, 2};

// The class's binary name when it declares public static void main(String[]).
std::optional<std::string> main_class_of(const std::string& bytes) {
  ClassReader in(bytes);
  if (in.u(4) != 0xCAFEBABE) return std::nullopt;
  in.skip(4);  // minor, major version
  const std::uint32_t count = in.u(2);
  std::vector<std::string> utf8(count);
  std::vector<std::uint32_t> class_name(count);  // Class entries: their name's index
  for (std::uint32_t i = 1; i < count && in.ok(); ++i) {
    const std::uint32_t tag = in.u(1);
    if (tag == 1) {  // Utf8
      utf8[i] = in.text(in.u(2));
    } else if (tag == 7) {  // Class
      class_name[i] = in.u(2);
    } else if (tag < std::size(kEntryBytes) && kEntryBytes[tag] > 0) {
      in.skip(kEntryBytes[tag]);
      if (tag == 5 || tag == 6) ++i;  // a Long or a Double takes two entries
    } else {
      return std::nullopt;
    }
  }
  in.skip(2);  // access flags
  const std::uint32_t this_class = in.u(2);
  in.skip(2);            // super class
  in.skip(2 * in.u(2));  // interfaces
  auto skip_attributes = [&in] {
    for (std::uint32_t n = in.u(2); n > 0 && in.ok(); --n) {
      in.skip(2);
      in.skip(in.u(4));
    }
  };
  for (std::uint32_t n = in.u(2); n > 0 && in.ok(); --n) {  // fields
    in.skip(6);
    skip_attributes();
  }
  bool has_main = false;
  for (std::uint32_t n = in.u(2); n > 0 && in.ok(); --n) {  // methods
    const std::uint32_t flags = in.u(2), name = in.u(2), descriptor = in.u(2);
    skip_attributes();
    constexpr std::uint32_t kPublicStatic = 0x0001 | 0x0008;
    if (name < count && descriptor < count && (flags & kPublicStatic) == kPublicStatic &&
        utf8[name] == "main" && utf8[descriptor] == "([Ljava/lang/String;)V")
      has_main = true;
  }
  if (!in.ok() || !has_main || this_class >= count || class_name[this_class] >= count)
    return std::nullopt;
  std::string binary = utf8[class_name[this_class]];
  std::replace(binary.begin(), binary.end(), '/', '.');
  return binary;
}

std::string simple_name(const std::string& binary) {
  const std::size_t dot = binary.rfind('.');
  return dot == std::string::npos ? binary : binary.substr(dot + 1);
}

}  // namespace

std::vector<std::string> java_main_classes(const fs::path& classes_dir) {
  std::vector<std::string> found;
  std::error_code error;
  for (const auto& entry : fs::recursive_directory_iterator(classes_dir, error)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".class") continue;
    const std::string bytes = read_file(entry.path()).value_or("");
    if (auto name = main_class_of(bytes)) found.push_back(*name);
  }
  std::sort(found.begin(), found.end());
  return found;
}

std::string choose_java_main(const std::vector<std::string>& candidates,
                             const std::string& file_stem) {
  if (candidates.size() == 1) return candidates.front();
  std::vector<std::string> named, top_level;
  for (const std::string& c : candidates) {
    if (simple_name(c) == file_stem) named.push_back(c);
    if (c.find('$') == std::string::npos) top_level.push_back(c);
  }
  if (named.size() == 1) return named.front();
  if (top_level.size() == 1) return top_level.front();
  return {};
}

}  // namespace entrapment
