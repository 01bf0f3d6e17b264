// Master-Mind is the problem of its transports and single files (build/interactor/mastermind/).
#include "contract/the_problem.hpp"

#include "module.hpp"

namespace entrapment {

const ProblemModule& the_problem_module() { return mastermind::mastermind_module(); }

}  // namespace entrapment
