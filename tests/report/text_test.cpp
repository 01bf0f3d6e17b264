// The escaping every report relies on.
#include "report/text.hpp"

#include <gtest/gtest.h>

#include <limits>

#include "protocol/tokens.hpp"

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

// Characters that reorder or hide what a terminal or a page shows (a contestant's U+202E turns
// "verdict: AC" written after it around): shown by their code point.
TEST(Printable, ShowsBidiControlsAndInvisibleFormatCharacters) {
  EXPECT_EQ(printable("a\xe2\x80\xae"
                      "b"),
            "a\\u202Eb");                                                // RIGHT-TO-LEFT OVERRIDE
  EXPECT_EQ(printable("\xe2\x81\xa6x\xe2\x81\xa9"), "\\u2066x\\u2069");  // isolates
  EXPECT_EQ(printable("\xe2\x80\x8f"), "\\u200F");                       // RIGHT-TO-LEFT MARK
  EXPECT_EQ(printable("\xd8\x9c"), "\\u061C");                           // ARABIC LETTER MARK
  EXPECT_EQ(printable("\xe2\x80\x8b\xef\xbb\xbf"), "\\u200B\\uFEFF");    // zero width
  EXPECT_EQ(printable("\xe2\x80\xa8"), "\\u2028");                       // LINE SEPARATOR
  EXPECT_EQ(xml_escape(printable("\xe2\x80\xae")), "\\u202E");
  EXPECT_EQ(json_quote("\xe2\x80\xae"), "\"\\u202E\"");
  EXPECT_EQ(printable("\xe2\x80\x94"), "\xe2\x80\x94");  // an em dash stays
}

TEST(JsonQuote, EscapesControlsAndReplacesInvalidBytes) {
  EXPECT_EQ(json_quote("a\"b\\c"), "\"a\\\"b\\\\c\"");
  EXPECT_EQ(json_quote("\n\t\x01"), "\"\\n\\t\\u0001\"");
  EXPECT_EQ(json_quote("caf\xc3\xa9"), "\"caf\xc3\xa9\"");
  EXPECT_EQ(json_quote("x\xffy"), "\"x\\uFFFDy\"");
}

// HTML takes the one markup escape (judge/protocol/tokens.hpp, xml_escape) after printable():
// ' stays, since every attribute of the reports is quoted with "
// (HtmlReport.AttributesUseDoubleQuotes).
TEST(HtmlEscape, EscapesMarkup) {
  EXPECT_EQ(xml_escape(printable("<a href='x'>&\"</a>")),
            "&lt;a href='x'&gt;&amp;&quot;&lt;/a&gt;");
  EXPECT_EQ(xml_escape(printable("\x1b")), "\\x1B");
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
