#include "help_format.hpp"

#include <map>
#include <sstream>

namespace entrapment::cli {

namespace {

std::map<const CLI::App*, std::vector<std::string>>& usages() {
  static std::map<const CLI::App*, std::vector<std::string>> lines;
  return lines;
}

}  // namespace

std::string full_name(const CLI::App& app) {
  std::string name = app.get_name();
  for (const CLI::App* parent = app.get_parent(); parent; parent = parent->get_parent())
    name = parent->get_name() + " " + name;
  return name;
}

void set_usage(CLI::App& app, std::vector<std::string> lines) { usages()[&app] = std::move(lines); }

std::string HelpFormatter::make_usage(const CLI::App* app, std::string name) const {
  const auto found = usages().find(app);
  if (found == usages().end()) return CLI::Formatter::make_usage(app, full_name(*app));
  (void)name;
  std::string out;
  for (std::size_t i = 0; i < found->second.size(); ++i)
    out += (i == 0 ? "Usage: " : "       ") + found->second[i] + "\n";
  return out;
}

std::string HelpFormatter::make_option_opts(const CLI::Option* option) const {
  return option->get_positional() ? std::string() : CLI::Formatter::make_option_opts(option);
}

std::string help_text(const CLI::App& app) {
  return app.get_formatter()->make_help(&app, full_name(app), CLI::AppFormatMode::Normal);
}

std::string command_reference_markdown(const CLI::App& app) {
  std::ostringstream out;
  auto block = [&out](const CLI::App& command) {
    std::string text = help_text(command);
    while (!text.empty() && text.back() == '\n') text.pop_back();
    out << "### `" << full_name(command) << "`\n\n```text\n" << text << "\n```\n";
  };
  block(app);
  for (const CLI::App* sub : app.get_subcommands({})) {
    out << "\n";
    block(*sub);
  }
  return out.str();
}

}  // namespace entrapment::cli
