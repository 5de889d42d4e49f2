// The header names a source asks for, read without a preprocessor: each directive that reads a
// file, whatever its spelling (blanks, comments and splices between its tokens, %: and ??=), in
// inactive branches too; a name given by a macro is "computed", and so is one left unclosed.
#include <odo/devcode/include_scan.hpp>

#include <doctest/doctest.h>

#include <string>

namespace {

using odo::devcode::scan_include_names;

// "q:name" or "a:name" for each name, in order.
std::string scanned_names(const std::string& source) {
    std::string out;
    for (const auto& n : scan_include_names(source).names)
        out += std::string(n.quoted ? "q:" : "a:") + n.name + " ";
    return out;
}

} // namespace

TEST_CASE("include scan: every directive that reads a file, in every branch") {
    CHECK(scanned_names("#include \"a.h\"\n#include <b/c.hpp>\n") == "q:a.h a:b/c.hpp ");
    CHECK(scanned_names("#if 0\n#  include_next <n.h>\n#else\n#import \"i.h\"\n#endif\n") ==
          "a:n.h q:i.h ");
    CHECK(scanned_names("#embed \"table.bin\"\n") == "q:table.bin ");
    CHECK(scanned_names("#if __has_include(<opt.h>) && __has_include_next ( \"x.h\" )\n") ==
          "a:opt.h q:x.h ");
    CHECK(scanned_names("#define A 1\n#pragma once\nint include = 0;\n") == "");
    CHECK_FALSE(scan_include_names("#include <a.h>\n").computed);
}

TEST_CASE("include scan: blanks, comments and splices between the tokens; digraph and trigraph") {
    CHECK(scanned_names("  #\t/* c */ include/**/\"a.h\"\n") == "q:a.h ");
    CHECK(scanned_names("/* lead */ #include <b.h>\n") == "a:b.h ");
    CHECK(scanned_names("#\\\ninclude \\\n\"c.h\"\n") == "q:c.h ");
    CHECK(scanned_names("%:include <d.h>\n") == "a:d.h ");
    CHECK(scanned_names("?\?=include <e.h>\n") == "a:e.h ");
}

TEST_CASE("include scan: a name given by a macro, or unclosed, is computed") {
    CHECK(scan_include_names("#define H <h.h>\n#include H\n").computed);
    CHECK(scan_include_names("#include_next MACRO\n").computed);
    CHECK(scan_include_names("#if __has_include(CONFIG)\n#endif\n").computed);
    CHECK(scan_include_names("#include \"unclosed.h\n\"\n").computed);
    CHECK(scan_include_names("#include <>\n").computed);
    CHECK(scan_include_names("#include").computed);
    // A word that only begins like one is none of them.
    CHECK_FALSE(scan_include_names("#includes x\nint __has_include_extra;\n").computed);
}
