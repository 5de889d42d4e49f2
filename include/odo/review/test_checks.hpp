#pragma once
#include "odo/core/file.hpp"
#include "odo/core/finding.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"
#include "odo/repo/layout.hpp"
#include "odo/repo/operator.hpp"
#include "odo/repo/repo_path.hpp"
#include "odo/review/source_text.hpp"
#include "odo/review/support_info.hpp"

#include <array>
#include <cctype>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace odo::review {

// The test-domain checks the optimization gates reuse (review-refactor.md §1.8): an independent
// CPU reference and a positive Tensor correctness test. They read the C++ system test in
// CV-CUDA's gtest dialect.

// A test source and its text; no text when the file does not exist.
struct TestSource {
    std::string path; // repository-relative, as evidence shows it
    std::optional<std::string> text;
};

namespace detail {

#if ODO_REVIEW_DEFINITIONS
inline bool is_include_line(std::string_view code_line) {
    std::string_view rest = text::strip(code_line);
    if (rest.empty() || rest.front() != '#')
        return false;
    return text::starts_with(text::strip(rest.substr(1)), "include");
}

// The first code line (comments blanked, #include lines skipped) naming a reference or gold
// result; its 1-based number, or 0.
inline std::size_t first_reference_line(std::string_view source) {
    constexpr std::array<std::string_view, 4> tokens = {"Gold", "gold", "Reference", "reference"};
    const std::string code = blank_comments(source);
    const auto lines = text::lines(code);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (is_include_line(lines[i]))
            continue;
        for (std::string_view token : tokens)
            if (lines[i].find(token) != std::string_view::npos)
                return i + 1;
    }
    return 0;
}

inline std::string_view original_line(std::string_view source, std::size_t number) {
    const auto lines = text::lines(source);
    return number - 1 < lines.size() ? lines[number - 1] : std::string_view{};
}
#endif // ODO_REVIEW_DEFINITIONS

} // namespace detail

#if ODO_REVIEW_DEFINITIONS
// TST-1. Unlike the reference, the reference token must appear in code: a comment or an
// #include line mentioning "reference" does not count, and a missing file gives one finding.
inline Finding check_independent_reference(const TestSource& test, const repo::Layout& layout,
                                           Phase phase = Phase::Preflight) {
    Finding f;
    f.id = "TST-1";
    f.phase = phase;
    f.guideline = layout.guidelines.review_test;
    if (!test.text) {
        f.status = Status::Gap;
        f.summary = "C++ system test file not found";
        f.evidence = test.path + " (missing)";
        f.fix = "Add the C++ system test.";
        return f;
    }
    if (const std::size_t line = detail::first_reference_line(*test.text)) {
        f.status = Status::Pass;
        f.summary = "Independent CPU reference present";
        f.evidence = line_evidence(test.path, line, detail::original_line(*test.text, line));
        return f;
    }
    f.status = Status::Manual;
    f.summary = "No obvious CPU reference; verify";
    f.evidence = "no Gold/Reference symbol found";
    f.fix = "Add/confirm an independent CPU reference.";
    return f;
}
#endif // ODO_REVIEW_DEFINITIONS

// One gtest invocation MACRO(Suite, Name) found in blanked code.
struct TestMacro {
    std::string macro;
    std::string suite;
    std::string name;
    std::size_t offset = 0;
};

namespace detail {

#if ODO_REVIEW_DEFINITIONS
inline std::size_t skip_blank(std::string_view s, std::size_t i) {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i])))
        ++i;
    return i;
}

// Reads "( Suite , Name )" at `i`; false when the text has another shape.
inline bool read_macro_arguments(std::string_view s, std::size_t i, TestMacro& macro) {
    i = skip_blank(s, i);
    if (i >= s.size() || s[i] != '(')
        return false;
    const std::size_t suite = skip_blank(s, i + 1);
    const std::size_t suite_end = identifier_end(s, suite);
    const std::size_t comma = skip_blank(s, suite_end);
    if (suite_end == suite || comma >= s.size() || s[comma] != ',')
        return false;
    const std::size_t name = skip_blank(s, comma + 1);
    const std::size_t name_end = identifier_end(s, name);
    const std::size_t close = skip_blank(s, name_end);
    if (name_end == name || close >= s.size() || s[close] != ')')
        return false;
    macro.suite = std::string(s.substr(suite, suite_end - suite));
    macro.name = std::string(s.substr(name, name_end - name));
    return true;
}
#endif // ODO_REVIEW_DEFINITIONS

} // namespace detail

#if ODO_REVIEW_DEFINITIONS
// Every TEST, TEST_F, TEST_P, TYPED_TEST and TYPED_TEST_P invocation in `code` (comments already
// blanked), in order.
inline std::vector<TestMacro> find_test_macros(std::string_view code) {
    constexpr std::array<std::string_view, 5> macros = {"TEST", "TEST_F", "TEST_P", "TYPED_TEST",
                                                        "TYPED_TEST_P"};
    std::vector<TestMacro> found;
    for (std::size_t i = 0; i < code.size();) {
        if (!detail::is_identifier_char(code[i])) {
            ++i;
            continue;
        }
        const std::size_t end = detail::word_end(code, i);
        const std::string_view word = code.substr(i, end - i);
        TestMacro macro{std::string(word), {}, {}, i};
        if (std::find(macros.begin(), macros.end(), word) != macros.end() &&
            detail::read_macro_arguments(code, end, macro))
            found.push_back(std::move(macro));
        i = end;
    }
    return found;
}
#endif // ODO_REVIEW_DEFINITIONS

namespace detail {

#if ODO_REVIEW_DEFINITIONS
inline bool is_alpha(char c) noexcept {
    return std::isalpha(static_cast<unsigned char>(c)) != 0;
}
inline bool is_upper(char c) noexcept {
    return std::isupper(static_cast<unsigned char>(c)) != 0;
}
inline bool is_lower(char c) noexcept {
    return std::islower(static_cast<unsigned char>(c)) != 0;
}

// Word boundaries of an identifier: its ends, non-letters, and camel-case humps
// ("OpFooNegative" has one before "Negative"; "HTTPServer" one before "Server").
inline bool is_word_boundary(std::string_view s, std::size_t i) {
    if (i == 0 || i >= s.size() || !is_alpha(s[i - 1]) || !is_alpha(s[i]))
        return true;
    return is_upper(s[i]) && (is_lower(s[i - 1]) || (i + 1 < s.size() && is_lower(s[i + 1])));
}

// Whether `token` (lower case) occurs in `identifier` as a word of its own, allowing a plural or
// inflected ending: "rejects", "nullptr" and "OutOfRange" count, "nullable" and "terror" do not.
inline bool has_word(std::string_view identifier, std::string_view token) {
    constexpr std::array<std::string_view, 8> endings = {"s",   "es",  "d",    "ed",
                                                         "ing", "ion", "ions", "ptr"};
    const std::string lower = text::lower(identifier);
    for (auto at = lower.find(token); at != std::string::npos; at = lower.find(token, at + 1)) {
        if (!is_word_boundary(identifier, at))
            continue;
        const std::size_t end = at + token.size();
        if (is_word_boundary(identifier, end))
            return true;
        for (std::string_view ending : endings)
            if (lower.compare(end, ending.size(), ending) == 0 &&
                is_word_boundary(identifier, end + ending.size()))
                return true;
    }
    return false;
}

// Whether a test is a positive correctness test of the operator's Tensor API.
inline bool is_positive_tensor_test(const TestMacro& m, std::string_view operator_name,
                                    std::string_view suite_prefix) {
    constexpr std::array<std::string_view, 14> not_positive = {
        "negative", "incorrect", "invalid", "reject",   "smoke",  "unsupported",  "mismatch",
        "null",     "error",     "failure", "overflow", "exceed", "out_of_range", "outofrange"};
    const std::string prefix = std::string(suite_prefix) + std::string(operator_name);
    if (!text::starts_with(m.suite, prefix))
        return false;
    const std::string rest = text::lower(std::string_view(m.suite).substr(prefix.size()));
    if (!rest.empty() && !text::starts_with(rest, "tensor"))
        return false;
    const std::string combined = m.suite + "_" + m.name;
    for (std::string_view token : not_positive)
        if (has_word(combined, token))
            return false;
    const std::string lower = text::lower(combined);
    if (lower.find("varshape") != std::string::npos ||
        lower.find("imagebatch") != std::string::npos)
        return false;
    const std::string name = text::lower(m.name);
    return name != "op" && name != "operator_creation" && name != "creation";
}
#endif // ODO_REVIEW_DEFINITIONS

} // namespace detail

// The test domain as the gates consume it: the reference check, then the Tensor test check, for the
// operator's C++ system test, tagged with the phase that reports them.
ODO_API std::vector<Finding> test_domain_findings(const std::filesystem::path& repo_root,
                                                  const repo::OperatorPaths& paths,
                                                  const SupportInfo& support,
                                                  const repo::Layout& layout,
                                                  Phase phase = Phase::Preflight);
#if ODO_REVIEW_DEFINITIONS
// TST-2. Beyond the reference: the curated varshape_only list also makes it N-A, TEST_F and
// TYPED_TEST_P count, and the exclusion words match whole words rather than substrings.
inline Finding check_positive_tensor_test(const TestSource& test, std::string_view operator_name,
                                          const SupportInfo& support, const repo::Layout& layout,
                                          Phase phase = Phase::Preflight) {
    Finding f;
    f.id = "TST-2";
    f.phase = phase;
    f.guideline = layout.guidelines.review_test;
    if (!support.has_tensor && (support.generic_varshape || support.varshape_only)) {
        f.status = Status::NotApplicable;
        f.summary = "VarShape-only op -> tensor test N-A";
        f.evidence = support.generic_varshape
                         ? "the generic Submit entry point takes an ImageBatch"
                         : layout.paths.curated_data + ": listed in varshape_only";
        return f;
    }
    const std::string source = test.text.value_or("");
    for (const auto& macro : find_test_macros(blank_comments(source))) {
        if (!detail::is_positive_tensor_test(macro, operator_name,
                                             layout.grammar.test_suite_prefix))
            continue;
        const std::size_t line = line_number_at(source, macro.offset);
        f.status = Status::Pass;
        f.summary = "tensor positive/correctness test present";
        f.evidence = line_evidence(test.path, line, detail::original_line(source, line));
        return f;
    }
    f.status = Status::Gap;
    f.summary = "tensor positive/correctness test MISSING";
    f.evidence = test.path + ": no positive Tensor TEST macro found";
    // The suite naming is the layout's, so the fix spells the name it expects.
    const std::string suite = layout.grammar.test_suite_prefix + std::string(operator_name);
    f.fix = "Add tensor positive/correctness test: a TEST in suite " + suite + " or " + suite +
            "Tensor... (grammar.test_suite_prefix \"" + layout.grammar.test_suite_prefix +
            "\", then the operator's name).";
    return f;
}

ODO_API std::vector<Finding> test_domain_findings(const std::filesystem::path& repo_root,
                                                  const repo::OperatorPaths& paths,
                                                  const SupportInfo& support,
                                                  const repo::Layout& layout, Phase phase) {
    const TestSource test{paths.test_cpp, repo::try_read_repo_file(repo_root, paths.test_cpp)};
    return {check_independent_reference(test, layout, phase),
            check_positive_tensor_test(test, paths.operator_name, support, layout, phase)};
}
#endif // ODO_REVIEW_DEFINITIONS

} // namespace odo::review
