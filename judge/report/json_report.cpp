#include "json_report.hpp"

#include "text.hpp"

namespace entrapment::report {

void write_json(std::ostream& out, const RunResult& result) {
  out << "{\n  \"submission\": " << json_quote(result.submission)
      << ",\n  \"verdict\": " << json_quote(to_string(result.verdict)) << ",\n  \"tests\": [";
  for (std::size_t i = 0; i < result.tests.size(); ++i) {
    const TestResult& test = result.tests[i];
    // One test per line: diffs and grep stay readable.
    out << (i ? ",\n    " : "\n    ") << "{\"name\": " << json_quote(test.name)
        << ", \"verdict\": " << json_quote(to_string(test.verdict))
        << ", \"cpu_s\": " << json_number(test.cpu_s)
        << ", \"wall_s\": " << json_number(test.wall_s) << ", \"memory_kib\": " << test.memory_kib
        << ", \"message\": " << json_quote(test.message) << "}";
  }
  out << (result.tests.empty() ? "]\n}\n" : "\n  ]\n}\n");
}

}  // namespace entrapment::report
