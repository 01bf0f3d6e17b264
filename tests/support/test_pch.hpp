// What every test file includes first, precompiled once for all test binaries
// (tests/CMakeLists.txt, entrapment_test_code): GoogleTest, the one header each parses.
#pragma once

#include <gtest/gtest.h>
