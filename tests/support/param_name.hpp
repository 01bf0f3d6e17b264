// A string parameter as a GoogleTest name (letters and digits kept, anything else '_'), for
// INSTANTIATE_TEST_SUITE_P over files: "wrong_answer/list_split.cpp" names a test
// wrong_answer_list_split_cpp.
#pragma once

#include <gtest/gtest.h>

#include <cctype>
#include <string>

namespace entrapment::testing {

struct ParamName {
  std::string operator()(const ::testing::TestParamInfo<std::string>& info) const {
    std::string name = info.param;
    for (char& c : name)
      if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return name;
  }
};

}  // namespace entrapment::testing
