#include "json_report.hpp"

#include <string>

#include "text.hpp"

namespace entrapment::report {

namespace {

void write_object(std::ostream& out, const RunResult& result, const std::string& indent) {
  out << "{\n"
      << indent << "  \"submission\": " << json_quote(result.submission) << ",\n"
      << indent << "  \"verdict\": " << json_quote(to_string(result.verdict)) << ",\n"
      << indent << "  \"expected\": " << json_quote(result.expected.text()) << ",\n"
      << indent
      << "  \"as_expected\": " << (result.expected.matches(result.verdict) ? "true" : "false")
      << ",\n"
      << indent << "  \"message\": " << json_quote(result.message) << ",\n"
      << indent << "  \"tests\": [";
  for (std::size_t i = 0; i < result.tests.size(); ++i) {
    const TestResult& test = result.tests[i];
    // One test per line: diffs and grep stay readable.
    out << (i ? ",\n" : "\n") << indent << "    {\"name\": " << json_quote(test.name)
        << ", \"verdict\": " << json_quote(to_string(test.verdict))
        << ", \"cpu_s\": " << json_number(test.cpu_s)
        << ", \"wall_s\": " << json_number(test.wall_s) << ", \"memory_kib\": " << test.memory_kib
        << ", \"message\": " << json_quote(test.message) << "}";
  }
  out << (result.tests.empty() ? "]\n" : "\n" + indent + "  ]\n") << indent << "}";
}

}  // namespace

void write_json(std::ostream& out, const RunResult& result) {
  write_object(out, result, "");
  out << "\n";
}

void write_json(std::ostream& out, const std::vector<RunResult>& results) {
  bool all = true;
  for (const RunResult& r : results) all = all && r.expected.matches(r.verdict);
  out << "{\n  \"as_expected\": " << (all ? "true" : "false") << ",\n  \"submissions\": [";
  for (std::size_t i = 0; i < results.size(); ++i) {
    out << (i ? ",\n    " : "\n    ");
    write_object(out, results[i], "    ");
  }
  out << (results.empty() ? "]\n}\n" : "\n  ]\n}\n");
}

}  // namespace entrapment::report
