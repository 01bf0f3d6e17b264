// A parameter as a GoogleTest name (letters and digits kept, anything else '_'), for
// INSTANTIATE_TEST_SUITE_P: a string parameter names the test itself ("wrong_answer/list_split.cpp"
// names it wrong_answer_list_split_cpp), a case with a `name` member by that ("runner-sample":
// runner_sample).
#pragma once

#include <gtest/gtest.h>

#include <cctype>
#include <string>
#include <type_traits>

namespace entrapment::testing {

struct ParamName {
  template <class Param>
  std::string operator()(const ::testing::TestParamInfo<Param>& info) const {
    std::string name;
    if constexpr (std::is_convertible_v<Param, std::string>)
      name = info.param;
    else
      name = info.param.name;
    for (char& c : name)
      if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return name;
  }
};

}  // namespace entrapment::testing
