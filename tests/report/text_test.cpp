// The escaping every report relies on.
#include "report/text.hpp"

#include <gtest/gtest.h>

#include <limits>

namespace entrapment::report {
namespace {

TEST(Printable, KeepsValidUtf8AndShowsEverythingElse) {
  EXPECT_EQ(printable("plain text"), "plain text");
  EXPECT_EQ(printable("caf\xc3\xa9 \xe2\x86\x92 \xf0\x9f\x99\x82"),
            "caf\xc3\xa9 \xe2\x86\x92 \xf0\x9f\x99\x82");
  EXPECT_EQ(printable("\x1b[31m"), "\\x1B[31m");
  EXPECT_EQ(printable(std::string("a\0b", 3)), "a\\x00b");
  EXPECT_EQ(printable("tab\there\r\n"), "tab\\there\\x0D\\x0A");
  EXPECT_EQ(printable("\xff"), "\\xFF");
  EXPECT_EQ(printable("\xc3"), "\\xC3");                    // truncated sequence
  EXPECT_EQ(printable("\xc0\xaf"), "\\xC0\\xAF");           // overlong '/'
  EXPECT_EQ(printable("\xed\xa0\x80"), "\\xED\\xA0\\x80");  // a surrogate
  EXPECT_EQ(printable("\xc2\x9b"), "\\xC2\\x9B");           // C1 control (CSI)
}

TEST(JsonQuote, EscapesControlsAndReplacesInvalidBytes) {
  EXPECT_EQ(json_quote("a\"b\\c"), "\"a\\\"b\\\\c\"");
  EXPECT_EQ(json_quote("\n\t\x01"), "\"\\n\\t\\u0001\"");
  EXPECT_EQ(json_quote("caf\xc3\xa9"), "\"caf\xc3\xa9\"");
  EXPECT_EQ(json_quote("x\xffy"), "\"x\\uFFFDy\"");
}

TEST(HtmlEscape, EscapesMarkup) {
  EXPECT_EQ(html_escape("<a href='x'>&\"</a>"), "&lt;a href=&#39;x&#39;&gt;&amp;&quot;&lt;/a&gt;");
  EXPECT_EQ(html_escape("\x1b"), "\\x1B");
}

TEST(Numbers, ReadBackAndSayUnits) {
  EXPECT_EQ(json_number(0.1), "0.1");
  EXPECT_EQ(std::stod(json_number(1.0 / 3)), 1.0 / 3);
  EXPECT_EQ(json_number(std::numeric_limits<double>::infinity()), "null");
  EXPECT_EQ(format_seconds(0.0123), "0.012 s");
  EXPECT_EQ(format_kib(812), "812 KiB");
  EXPECT_EQ(format_kib(3 * 1024 + 512), "3.5 MiB");
  EXPECT_EQ(shorten("abcdef", 3), "abc...");
  EXPECT_EQ(shorten("caf\xc3\xa9", 4), "caf\xc3\xa9");
}

}  // namespace
}  // namespace entrapment::report
