// Every test binary trusts the programs it runs where nothing isolates them (the modes without
// bwrap), as a user of the judge trusts them with --trust: the tests judge in process the
// package's solutions, test programs and commands of their own. What the judge refuses without
// --trust is tested through build/bin/judge (tests/judging/safety_cli_test.cpp). An object
// library, linked into every test binary (tests/CMakeLists.txt), so that this is never left out.
#include <gtest/gtest.h>

#include "containment/isolation_policy.hpp"

namespace {

class TrustTheTestsOwnPrograms : public ::testing::Environment {
 public:
  void SetUp() override { entrapment::trust_unisolated_programs(); }
};

[[maybe_unused]] ::testing::Environment* const kTrust =
    ::testing::AddGlobalTestEnvironment(new TrustTheTestsOwnPrograms);

}  // namespace
