// Fuzzes the C++ test readers of TST-1 and TST-2. Nothing throws; blanking comments keeps every
// byte offset and newline and is idempotent; every gtest macro found has identifier arguments at
// an offset inside the source; both checks give a finding whose evidence line exists.
#include <odo/repo/layout.hpp>
#include <odo/review/source_text.hpp>
#include <odo/review/support_info.hpp>
#include <odo/review/test_checks.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

void require(bool condition) {
    if (!condition)
        std::abort();
}

bool is_identifier(std::string_view s) {
    return !s.empty() && odo::review::detail::identifier_end(s, 0) == s.size();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace odo::review;
    const std::string_view source(reinterpret_cast<const char*>(data), size);
    const std::string code = blank_comments(source);
    require(code.size() == source.size());
    for (std::size_t i = 0; i < code.size(); ++i)
        require((code[i] == '\n') == (source[i] == '\n') &&
                (code[i] == source[i] || code[i] == ' '));
    require(blank_comments(code) == code);
    for (const TestMacro& macro : find_test_macros(code))
        require(macro.offset < code.size() && is_identifier(macro.suite) &&
                is_identifier(macro.name) &&
                code.compare(macro.offset, macro.macro.size(), macro.macro) == 0);

    const odo::repo::Layout layout;
    const TestSource test{"tests/TestOpFuzz.cpp", std::string(source)};
    const auto reference = check_independent_reference(test, layout);
    const auto positive = check_positive_tensor_test(test, "Fuzz", SupportInfo{}, layout);
    for (const auto* finding : {&reference, &positive})
        require(finding->evidence.rfind(test.path, 0) == 0 ||
                finding->evidence.rfind("no ", 0) == 0);
    return 0;
}
