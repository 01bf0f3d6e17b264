// Which class of a compiled Java submission to run: the one that declares
// `public static void main(String[])`, read from the .class files javac wrote (so a class
// called anything, in any package, works, whatever the file is called).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace entrapment {

// The binary names ("Main", "pkg.Solver", "Outer$Inner") of the classes under `classes_dir`
// that declare public static void main(String[]), sorted.
std::vector<std::string> java_main_classes(const std::filesystem::path& classes_dir);

// The class to run: the only candidate; among several, the one whose simple name is
// `file_stem`, else the only top-level one. Empty when none or when it is ambiguous.
std::string choose_java_main(const std::vector<std::string>& candidates,
                             const std::string& file_stem);

}  // namespace entrapment
