// Entrapment's generator families and contest selection, behind the toolkit's hook
// (generate/generator_families.hpp): registered beside its module (problems/built_in.cpp).
#pragma once

#include "generate/generator_families.hpp"

namespace entrapment {

const GeneratorFamilies& entrapment_generator_families();

}  // namespace entrapment
