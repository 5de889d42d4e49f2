#pragma once
#include "odo/core/error.hpp"
#include "odo/core/file.hpp"
#include "odo/core/json_read.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"
#include "odo/repo/layout.hpp"
#include "odo/repo/repo_path.hpp"

#include <boost/json.hpp>

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace odo::review {

// Per-operator facts no source file states (review-refactor.md §1.4), kept in a data file so
// operator names stay out of the guidance prose. Operator names are lower case.
struct CuratedData {
    std::set<std::string> tensor_only;     // VarShape absence is legitimate
    std::set<std::string> varshape_only;   // Tensor absence is legitimate
    std::set<std::string> bench_layout_na; // the benchmark has no truthful image-layout axis
    std::set<std::string> bench_rgb_na;    // no "RGB 3-channel" benchmark requirement
    std::map<std::string, std::vector<std::string>>
        basic_expected; // advisory basic-tier cases per operator
};

namespace detail {

[[noreturn]] inline void curated_error(std::string_view source, std::string_view field,
                                       std::string_view expected) {
    throw InputError(std::string(source) + ": `" + std::string(field) + "` must be " +
                     std::string(expected));
}

#if ODO_REVIEW_DEFINITIONS
inline std::set<std::string> read_name_list(const boost::json::object& root, std::string_view field,
                                            std::string_view source) {
    std::set<std::string> names;
    const auto* v = root.if_contains(field);
    if (!v)
        return names;
    if (!v->is_array())
        curated_error(source, field, "a list of strings");
    const auto& items = v->get_array();
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (!items[i].is_string())
            curated_error(source, std::string(field) + "[" + std::to_string(i) + "]", "a string");
        names.insert(text::lower(items[i].get_string()));
    }
    return names;
}

inline std::map<std::string, std::vector<std::string>>
read_basic_expected(const boost::json::object& root, std::string_view source) {
    constexpr std::string_view field = "basic_expected";
    constexpr std::string_view rule = "an object mapping operator names to string lists";
    std::map<std::string, std::vector<std::string>> expected;
    const auto* v = root.if_contains(field);
    if (!v)
        return expected;
    if (!v->is_object())
        curated_error(source, field, rule);
    for (const auto& kv : v->get_object()) {
        if (!kv.value().is_array())
            curated_error(source, field, rule);
        auto& cases = expected[text::lower(kv.key())];
        for (const auto& item : kv.value().get_array()) {
            if (!item.is_string())
                curated_error(source, field, rule);
            cases.emplace_back(item.get_string());
        }
    }
    return expected;
}
#endif // ODO_REVIEW_DEFINITIONS

} // namespace detail

// The repository's curated data; empty when the file does not exist.
ODO_API CuratedData load_curated_data(const std::filesystem::path& repo_root,
                                      const repo::Layout& layout);
#if ODO_REVIEW_DEFINITIONS
// Reads the curated data text. Unknown keys (the "schema" tag, the "spdx" block) are ignored;
// wrong types and invalid JSON raise InputError naming `source` and the field:
// ".agents/tools/review_op_data.json: `varshape_only[1]` must be a string".
inline CuratedData parse_curated_data(std::string_view text, std::string_view source) {
    const boost::json::value doc = json::parse(text, source);
    if (!doc.is_object())
        detail::curated_error(source, "root", "an object");
    const auto& root = doc.get_object();
    CuratedData data;
    data.tensor_only = detail::read_name_list(root, "tensor_only", source);
    data.varshape_only = detail::read_name_list(root, "varshape_only", source);
    data.bench_layout_na = detail::read_name_list(root, "bench_layout_na", source);
    data.bench_rgb_na = detail::read_name_list(root, "bench_rgb_na", source);
    data.basic_expected = detail::read_basic_expected(root, source);
    return data;
}

ODO_API CuratedData load_curated_data(const std::filesystem::path& repo_root,
                                      const repo::Layout& layout) {
    const std::string& path = layout.paths.curated_data;
    if (path.empty())
        return {};
    const auto text = repo::try_read_repo_file(repo_root, path);
    return text ? parse_curated_data(*text, path) : CuratedData{};
}
#endif // ODO_REVIEW_DEFINITIONS

} // namespace odo::review
