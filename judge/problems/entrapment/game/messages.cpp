#include "messages.hpp"

#include <stdexcept>

namespace entrapment {

const std::vector<MessageText>& all_messages() {
  static const std::vector<MessageText> table = {
#define ENTRAPMENT_MESSAGE_ROW(key, text) {#key, text},
      ENTRAPMENT_MESSAGES(ENTRAPMENT_MESSAGE_ROW)
#undef ENTRAPMENT_MESSAGE_ROW
  };
  return table;
}

std::string say(Message message, const std::vector<std::pair<std::string, std::string>>& values) {
  const MessageText& row = all_messages()[static_cast<std::size_t>(message)];
  const std::string text = row.text;
  std::vector<bool> used(values.size(), false);
  std::string out;
  std::size_t at = 0;
  for (std::size_t open = text.find('{'); open != std::string::npos; open = text.find('{', at)) {
    const std::size_t close = text.find('}', open);
    const std::string name = text.substr(open + 1, close - open - 1);
    std::size_t i = 0;
    while (i < values.size() && values[i].first != name) ++i;
    if (i == values.size())
      throw std::logic_error(std::string("message ") + row.key + " needs {" + name + "}");
    used[i] = true;
    out += text.substr(at, open - at) + values[i].second;
    at = close + 1;
  }
  for (std::size_t i = 0; i < values.size(); ++i)
    if (!used[i])
      throw std::logic_error(std::string("message ") + row.key + " has no {" + values[i].first +
                             "}");
  return out + text.substr(at);
}

std::string count_of(long long count, const std::string& noun) {
  return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

}  // namespace entrapment
