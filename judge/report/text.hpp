// Making arbitrary bytes safe to show. Test names, judge messages and transcript lines may hold
// whatever a contestant printed: control characters (a terminal would obey escape sequences),
// invalid UTF-8, HTML markup. Every report passes such text through one of these first; HTML
// then takes the one markup escape, xml_escape() (judge/protocol/tokens.hpp), which the
// interactor's testlib result file also uses.
#pragma once

#include <string>
#include <string_view>

namespace entrapment::report {

// `text` for a terminal or a <pre>: valid UTF-8 is kept, every control character and every
// byte that is not part of valid UTF-8 becomes a visible \xHH (a tab becomes \t), and every
// character that reorders or hides the text around it (bidi controls such as U+202E,
// zero-width characters, U+2028) becomes a visible \uHHHH.
std::string printable(std::string_view text);

// `text` as a JSON string literal, quotes included. Valid UTF-8 is kept, control characters
// and the characters printable() shows as \uHHHH are escaped, and each byte that is not valid
// UTF-8 becomes U+FFFD, so the document is always valid JSON.
std::string json_quote(std::string_view text);

// A double for JSON: shortest text that reads back the same value; "null" when not finite.
std::string json_number(double value);

// "0.012 s", "1.35 s": seconds for people.
std::string format_seconds(double seconds);

// "812 KiB", "3.4 MiB", "1.2 GiB": memory for people.
std::string format_kib(long long kib);

// At most `max_chars` code points of printable(text), with "..." when it was cut.
std::string shorten(std::string_view text, std::size_t max_chars);

}  // namespace entrapment::report
