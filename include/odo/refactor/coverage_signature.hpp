#pragma once
// What a C++ test file covers, as verify compares it (review-refactor.md §2.8): the sorted multiset
// of "<macro>:<suite>" over the test-suite macros, plus the number of value rows. A refactor must
// not move it. A Python test file's share is python_tests.hpp's.
#include "odo/core/linkage.hpp"
#include "odo/refactor/python_tests.hpp"
#include "odo/review/source_text.hpp"

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace odo::refactor {

#if ODO_REFACTOR_DEFINITIONS
inline std::vector<std::string> coverage_signature(std::string_view test_text) {
    if (test_text.empty())
        return {};
    const std::string code = review::blank_comments(test_text);
    std::vector<std::string> out;
    for (const char* macro :
         {"TEST", "TEST_F", "TEST_P", "TYPED_TEST", "TYPED_TEST_P", "NVCV_TYPED_TEST_SUITE",
          "NVCV_INSTANTIATE_TEST_SUITE_P", "INSTANTIATE_TEST_SUITE_P", "NVCV_TEST_SUITE_P"}) {
        const std::string_view name(macro);
        for (auto at = code.find(name); at != std::string::npos; at = code.find(name, at + 1)) {
            if ((at > 0 && review::detail::is_identifier_char(code[at - 1])))
                continue;
            std::size_t i = at + name.size();
            while (i < code.size() && (code[i] == ' ' || code[i] == '\t' || code[i] == '\n'))
                ++i;
            if (i >= code.size() || code[i] != '(')
                continue;
            const auto end = code.find_first_of(",)", i + 1);
            if (end == std::string::npos)
                continue;
            out.push_back(
                std::string(name) + ":" +
                std::string(text::strip(std::string_view(code).substr(i + 1, end - i - 1))));
        }
    }
    std::size_t rows = 0;
    for (const char* row : {"test::Param", "test_case_t{"})
        for (auto at = code.find(row); at != std::string::npos; at = code.find(row, at + 1))
            ++rows;
    for (auto at = code.find('{'); at != std::string::npos; at = code.find('{', at + 1)) {
        std::size_t i = at + 1;
        while (i < code.size() && (code[i] == ' ' || code[i] == '\t' || code[i] == '\n'))
            ++i;
        rows += code.compare(i, 6, "test::") == 0 && code.compare(i, 11, "test::Param") != 0;
    }
    std::sort(out.begin(), out.end());
    out.push_back("value_rows=" + std::to_string(rows));
    return out;
}
#endif // ODO_REFACTOR_DEFINITIONS

} // namespace odo::refactor
