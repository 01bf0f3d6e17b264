#include "record.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <sstream>
#include <vector>

namespace entrapment {

namespace {

const std::vector<std::pair<BoxRecord::Ending, std::string>> kEndings = {
    {BoxRecord::Ending::Exited, "exited"},
    {BoxRecord::Ending::Signaled, "signaled"},
    {BoxRecord::Ending::NotStarted, "not-started"},
    {BoxRecord::Ending::BoxError, "box-error"}};

const std::vector<std::pair<BoxRecord::Stop, std::string>> kStops = {
    {BoxRecord::Stop::None, "none"},
    {BoxRecord::Stop::TimeLimit, "time-limit"},
    {BoxRecord::Stop::WallClock, "wall-clock"},
    {BoxRecord::Stop::MemoryLimit, "memory-limit"},
    {BoxRecord::Stop::OutOfMemory, "out-of-memory"},
    {BoxRecord::Stop::Caller, "caller"},
    {BoxRecord::Stop::CallerGone, "caller-gone"}};

std::string seconds(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.6f", value);
  return text;
}

// A value on one line: line ends inside it become spaces.
std::string one_line(std::string text) {
  for (char& c : text)
    if (c == '\n' || c == '\r') c = ' ';
  return text;
}

}  // namespace

std::string stop_name(BoxRecord::Stop stop) {
  for (const auto& [value, name] : kStops)
    if (value == stop) return name;
  return "none";
}

std::string describe_ending(const BoxRecord& r) {
  if (r.ending == BoxRecord::Ending::Signaled) {
    const char* name = ::strsignal(r.signal);
    return "killed by signal " + std::to_string(r.signal) + " (" + (name ? name : "?") + ")";
  }
  return "exited with status " + std::to_string(r.exit_code);
}

std::string format_record(const BoxRecord& r) {
  std::ostringstream out;
  for (const auto& [value, name] : kEndings)
    if (value == r.ending) out << "ending: " << name << "\n";
  if (r.ending == BoxRecord::Ending::Exited) out << "exit-code: " << r.exit_code << "\n";
  if (r.ending == BoxRecord::Ending::Signaled) out << "signal: " << r.signal << "\n";
  out << "stopped-by: " << stop_name(r.stopped_by) << "\n"
      << "cpu-s: " << seconds(r.cpu_s) << "\n"
      << "wall-s: " << seconds(r.wall_s) << "\n"
      << "waited-for-cpu-s: " << seconds(r.waited_for_cpu_s) << "\n"
      << "memory-kib: " << r.memory_kib << "\n"
      << "limits: " << one_line(r.limits) << "\n"
      << "memory-counted: " << (r.memory_exact ? "exactly" : "best-effort") << "\n"
      << "oom-killed: " << (r.oom_killed ? "yes" : "no") << "\n"
      << "isolation: " << one_line(r.isolation) << "\n";
  if (r.uid) out << "uid: " << *r.uid << "\n";
  out << "message: " << one_line(r.message) << "\n";
  return out.str();
}

BoxRecord parse_record(const std::string& text) {
  BoxRecord r;
  std::map<std::string, std::string> values;
  std::istringstream in(text);
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    const std::string where = "the box's record, line " + std::to_string(number) + ": ";
    const std::size_t colon = line.find(": ");
    if (colon == std::string::npos) throw RecordError(where + "expected 'key: value'");
    const std::string key = line.substr(0, colon);
    if (!values.emplace(key, line.substr(colon + 2)).second)
      throw RecordError(where + "'" + key + "' twice");
  }
  const auto take = [&](const std::string& key) -> std::string {
    const auto it = values.find(key);
    if (it == values.end()) throw RecordError("the box's record has no '" + key + "'");
    return it->second;
  };
  const auto real = [&](const std::string& key) {
    const std::string value = take(key);
    char* end = nullptr;
    const double parsed = std::strtod(value.c_str(), &end);
    if (value.empty() || *end || parsed < 0)
      throw RecordError("the box's record: " + key + ": '" + value + "' is not a number");
    return parsed;
  };
  const auto integer = [&](const std::string& key) {
    const std::string value = take(key);
    if (value.empty() || value.size() > 18 ||
        value.find_first_not_of("0123456789") != std::string::npos)
      throw RecordError("the box's record: " + key + ": '" + value + "' is not a count");
    return std::stoll(value);
  };
  const std::string ending = take("ending");
  bool known = false;
  for (const auto& [value, name] : kEndings)
    if (name == ending) {
      r.ending = value;
      known = true;
    }
  if (!known) throw RecordError("the box's record: ending: '" + ending + "' is unknown");
  if (r.ending == BoxRecord::Ending::Exited) r.exit_code = static_cast<int>(integer("exit-code"));
  if (r.ending == BoxRecord::Ending::Signaled) r.signal = static_cast<int>(integer("signal"));
  const std::string stop = take("stopped-by");
  known = false;
  for (const auto& [value, name] : kStops)
    if (name == stop) {
      r.stopped_by = value;
      known = true;
    }
  if (!known) throw RecordError("the box's record: stopped-by: '" + stop + "' is unknown");
  r.cpu_s = real("cpu-s");
  r.wall_s = real("wall-s");
  r.waited_for_cpu_s = real("waited-for-cpu-s");
  r.memory_kib = integer("memory-kib");
  r.limits = take("limits");
  r.memory_exact = take("memory-counted") == "exactly";
  if (values.count("oom-killed")) {
    const std::string oom = take("oom-killed");
    if (oom != "yes" && oom != "no")
      throw RecordError("the box's record: oom-killed: '" + oom + "' is not yes or no");
    r.oom_killed = oom == "yes";
  }
  r.isolation = take("isolation");
  if (values.count("uid")) r.uid = static_cast<uid_t>(integer("uid"));
  r.message = take("message");
  return r;
}

}  // namespace entrapment
