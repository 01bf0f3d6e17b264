// The one problem a contest-system transport (judge/transports/) judges: each problem's single
// files and transport programs are built with a file defining this function
// (judge/problems/entrapment/the_problem.cpp, examples/mastermind/game/the_problem.cpp), never
// build/bin/judge, which holds every module and finds a package's by its judge.yaml.
// C++14, standard library only (part of the single-file programs).
#pragma once

#include "problem_module.hpp"

namespace entrapment {

const ProblemModule& the_problem_module();

}  // namespace entrapment
