// Entrapment is the problem of its transports and single files (build/interactor/*.cpp).
#include "../../contract/the_problem.hpp"

#include "module.hpp"

namespace entrapment {

const ProblemModule& the_problem_module() { return entrapment_module(); }

}  // namespace entrapment
