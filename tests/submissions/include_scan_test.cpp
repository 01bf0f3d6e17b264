// The compile cache's include scan (judge/submissions/include_scan.hpp): a source it says reads
// only its inputs is fetched from the cache by their bytes, so every way of reading another file
// must make it say no.

#include "submissions/include_scan.hpp"

#include <gtest/gtest.h>

namespace entrapment {
namespace {

const std::set<std::string> kInputs = {"main.cpp", "table.h"};

TEST(IncludeScan, IncludesOfTheInputsAndOfPlainSystemHeadersAreCached) {
  EXPECT_TRUE(
      includes_only_inputs("#include <vector>\n#include \"table.h\"\nint main() {}\n", kInputs));
  EXPECT_TRUE(
      includes_only_inputs("#  include <sys/wait.h>\n# define X 1\n#ifdef X\n#endif\n", kInputs));
  EXPECT_TRUE(includes_only_inputs("int main() { return 0; }\n", kInputs));
}

TEST(IncludeScan, AnyIncludeThatMayReachAnotherFileIsNotCached) {
  const char* reaching[] = {
      "#include \"other.h\"\n",              // not one of the inputs
      "#include \"../table.h\"\n",           // a path
      "#include \"/tmp/x/table.h\"\n",       // from the root
      "#define H \"/tmp/h\"\n#include H\n",  // a macro
      "#include <../../../../tmp/h>\n",      // a system header by a path up
      "#include </tmp/h>\n",                 // a system header from the root
      "%:include \"/tmp/h\"\n",              // the digraph of #
      "?\?=include \"/tmp/h\"\n",            // the trigraph of #
      "#\\\ninclude \"/tmp/h\"\n",           // # continued on the next line
      "#/**/include \"/tmp/h\"\n",           // a comment before the name
      "#include \"/tmp/\\\nh\"\n",           // the name continued on the next line
      "#include_next <vector>\n",            // GCC's next in the search path
      "#embed \"/tmp/h\"\n",                 // C23's #embed
      "asm(\".incbin \\\"/tmp/h\\\"\");\n",  // the assembler's include
      "#include \"table.h\n",                // no end to the name
  };
  for (const char* text : reaching) EXPECT_FALSE(includes_only_inputs(text, kInputs)) << text;
}

}  // namespace
}  // namespace entrapment
