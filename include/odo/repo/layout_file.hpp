#pragma once
#include "odo/core/error.hpp"
#include "odo/core/file.hpp"
#include "odo/core/json_read.hpp"
#include "odo/core/json_write.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"
#include "odo/repo/layout.hpp"
#include "odo/repo/repo_path.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace odo::repo {

// A layout file is a JSON object whose fields override the built-in CV-CUDA profile; a field
// left out keeps its default. The schema is documented in docs/layout.md.
inline constexpr std::string_view layout_file_name = "odo-layout.json";
inline constexpr std::string_view layout_schema = "odo-layout/v1";
// The top-level fields outside the groups: the library's entry points, ["cpp", "python"], and
// whose tools its fix texts name, "cvcuda" or "odo".
inline constexpr std::string_view languages_field = "languages";
inline constexpr std::string_view tooling_field = "tooling";

namespace detail {

// Calls visit(group, key, member) for every field of the layout file, in file order. One list
// serves reading, writing and the unknown-field check, so they cannot drift apart.
template <class L, class Visit>
void for_each_layout_field(L& layout, Visit&& visit) {
    auto& p = layout.paths;
    visit("paths", "c_api", p.c_api);
    visit("paths", "c_api_excluded", p.c_api_excluded);
    visit("paths", "cpp_api", p.cpp_api);
    visit("paths", "binding", p.binding);
    visit("paths", "priv_dir", p.priv_dir);
    visit("paths", "priv_sources", p.priv_sources);
    visit("paths", "legacy_dir", p.legacy_dir);
    visit("paths", "legacy_glob", p.legacy_glob);
    visit("paths", "tests_dir", p.tests_dir);
    visit("paths", "test_cpp", p.test_cpp);
    visit("paths", "test_py", p.test_py);
    visit("paths", "test_py_fallback", p.test_py_fallback);
    visit("paths", "bench_cpp", p.bench_cpp);
    visit("paths", "bench_py", p.bench_py);
    visit("paths", "bench_config_dir", p.bench_config_dir);
    visit("paths", "bench_config_file", p.bench_config_file);
    visit("paths", "manifest", p.manifest);
    visit("paths", "sku_map", p.sku_map);
    visit("paths", "curated_data", p.curated_data);
    visit("paths", "secondary_scope_policy", p.secondary_scope_policy);
    visit("paths", "refactor_guideline", p.refactor_guideline);
    visit("paths", "campaign_ledger", p.campaign_ledger);
    visit("paths", "bench_target", p.bench_target);
    auto& a = layout.attribution;
    visit("attribution", "unowned_sources", a.unowned_sources);
    visit("attribution", "multi_op_sources", a.multi_op_sources);
    visit("attribution", "shared_kernel_sources", a.shared_kernel_sources);
    visit("attribution", "broad_sources", a.broad_sources);
    visit("attribution", "broad_prefixes", a.broad_prefixes);
    visit("attribution", "name_suffixes", a.name_suffixes);
    visit("attribution", "op_prefixed_roots", a.op_prefixed_roots);
    visit("attribution", "kernel_prefix", a.kernel_prefix);
    visit("attribution", "test_name_prefixes", a.test_name_prefixes);
    visit("attribution", "include_roots", a.include_roots);
    visit("attribution", "include_extensions", a.include_extensions);
    visit("attribution", "header_extensions", a.header_extensions);
    auto& g = layout.grammar;
    visit("grammar", "summary_marker", g.summary_marker);
    visit("grammar", "public_signature_tokens", g.public_signature_tokens);
    visit("grammar", "binding_def_call", g.binding_def_call);
    visit("grammar", "binding_into_suffix", g.binding_into_suffix);
    visit("grammar", "test_suite_prefix", g.test_suite_prefix);
    visit("grammar", "shared_utils", g.shared_utils);
    visit("grammar", "strided_accessors", g.strided_accessors);
    auto& c = layout.commits;
    visit("commits", "perf_type", c.perf_type);
    visit("commits", "fix_type", c.fix_type);
    visit("commits", "test_type", c.test_type);
    auto& d = layout.guidelines;
    visit("guidelines", "optimization", d.optimization);
    visit("guidelines", "review_test", d.review_test);
    visit("guidelines", "review_bench", d.review_bench);
}

using StringListTable = std::map<std::string, std::vector<std::string>>;

class LayoutReader {
public:
    explicit LayoutReader(std::string_view source) : source_(source) {}

    [[noreturn]] void fail(std::string_view field, std::string_view rule) const {
        throw InputError(source_ + ": field \"" + std::string(field) + "\" " + std::string(rule));
    }

    void read(const boost::json::value& v, const std::string& field, std::string& out) const {
        if (!v.is_string())
            fail(field, "must be a string");
        out = std::string(v.get_string());
    }

    void read(const boost::json::value& v, const std::string& field,
              std::vector<std::string>& out) const {
        if (!v.is_array())
            fail(field, "must be a list of strings");
        std::vector<std::string> items;
        for (const auto& item : v.get_array()) {
            if (!item.is_string())
                fail(field, "must be a list of strings");
            items.emplace_back(item.get_string());
        }
        out = std::move(items);
    }

    void read(const boost::json::value& v, const std::string& field, StringListTable& out) const {
        constexpr std::string_view rule = "must be an object whose values are lists of strings";
        if (!v.is_object())
            fail(field, rule);
        StringListTable lists;
        for (const auto& kv : v.get_object()) {
            if (!kv.value().is_array())
                fail(field, rule);
            read(kv.value(), field, lists[std::string(kv.key())]);
        }
        out = std::move(lists);
    }

private:
    std::string source_;
};

#if ODO_REPO_DEFINITIONS
inline std::string field_name(std::string_view group, std::string_view key) {
    return std::string(group) + "." + std::string(key);
}

// The keys the schema knows, per group.
inline std::map<std::string, std::set<std::string>> layout_schema_keys() {
    std::map<std::string, std::set<std::string>> keys;
    Layout probe;
    for_each_layout_field(
        probe, [&](const char* group, const char* key, const auto&) { keys[group].insert(key); });
    return keys;
}

inline void reject_unknown_fields(const boost::json::object& root, const LayoutReader& reader) {
    const auto schema = layout_schema_keys();
    for (const auto& kv : root) {
        const std::string group(kv.key());
        if (group == "schema" || group == languages_field || group == tooling_field)
            continue;
        const auto known = schema.find(group);
        if (known == schema.end())
            reader.fail(group, "is not a layout field");
        if (!kv.value().is_object())
            reader.fail(group, "must be an object");
        for (const auto& field : kv.value().get_object())
            if (!known->second.count(std::string(field.key())))
                reader.fail(field_name(group, field.key()), "is not a layout field");
    }
}

inline bool is_lower_case(std::string_view s) {
    return text::lower(s) == s;
}

// Whether `s` can begin a C++ identifier; "" can.
inline bool is_identifier_prefix(std::string_view s) {
    const auto word_char = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
    };
    return std::all_of(s.begin(), s.end(), word_char) &&
           (s.empty() || std::isdigit(static_cast<unsigned char>(s.front())) == 0);
}

// Paths and path patterns are joined to the repository root, so each must stay inside it.
inline void require_contained(const LayoutReader& reader, const std::string& field,
                              const std::string& path) {
    if (!is_contained_path_text(path))
        reader.fail(field,
                    "must be a path inside the repository (relative, without \"..\"), not \"" +
                        path + "\"");
}

inline void require_contained(const LayoutReader& reader, const std::string& field,
                              const std::vector<std::string>& paths) {
    for (const std::string& path : paths)
        require_contained(reader, field, path);
}

inline void require_contained(const LayoutReader& reader, const std::string& field,
                              const StringListTable& table) {
    for (const auto& [key, paths] : table) {
        require_contained(reader, field, key);
        require_contained(reader, field, paths);
    }
}
#endif // ODO_REPO_DEFINITIONS

// The path fields naming Python files, which a library without a binding does not have.
template <class L>
auto python_paths(L& layout) {
    auto& p = layout.paths;
    return std::array<std::pair<const char*, decltype(&p.binding)>, 4>{{
        {"paths.binding", &p.binding},
        {"paths.test_py", &p.test_py},
        {"paths.test_py_fallback", &p.test_py_fallback},
        {"paths.bench_py", &p.bench_py},
    }};
}

#if ODO_REPO_DEFINITIONS
// A non-empty list of distinct known languages, "cpp" among them: every operator has the C++
// API its public header declares; a Python binding is optional.
inline LanguageSet read_languages(const boost::json::value& v, const LayoutReader& reader) {
    constexpr std::string_view field = languages_field;
    if (!v.is_array() || v.get_array().empty())
        reader.fail(field, "must be a non-empty list of languages");
    std::set<Language> seen;
    for (const auto& item : v.get_array()) {
        const auto language = item.is_string() ? parse_language(item.get_string()) : std::nullopt;
        if (!language)
            reader.fail(field, "names an unknown language " + json::dumps(item) +
                                   " (known: " + text::join(language_names({}), ", ") + ")");
        if (!seen.insert(*language).second)
            reader.fail(field, "names " + json::dumps(item) + " twice");
    }
    if (!seen.count(Language::Cpp))
        reader.fail(field, "must name \"cpp\": every operator has a C++ API");
    return seen.count(Language::Python) ? LanguageSet{} : LanguageSet::cpp_only();
}

inline Tooling read_tooling(const boost::json::value& v, const LayoutReader& reader) {
    const auto tooling = v.is_string() ? parse_tooling(v.get_string()) : std::nullopt;
    if (!tooling)
        reader.fail(tooling_field, "must be \"cvcuda\" or \"odo\"");
    return *tooling;
}

// Rules beyond the JSON types: templates use known placeholders where a placeholder makes sense,
// the files every gate reads are named, and operator names are spelled as the manifest keys.
inline void validate_layout(const Layout& layout, const LayoutReader& reader) {
    const auto& p = layout.paths;
    if (placeholder_count(p.c_api) != 1 || !placeholder_in_file_name(p.c_api) ||
        p.c_api.find("{Name}") == std::string::npos)
        reader.fail("paths.c_api", "must hold {Name} exactly once, in the file name");
    const std::pair<const char*, const std::string*> templates[] = {
        {"paths.cpp_api", &p.cpp_api},
        {"paths.binding", &p.binding},
        {"paths.test_cpp", &p.test_cpp},
        {"paths.test_py", &p.test_py},
        {"paths.test_py_fallback", &p.test_py_fallback}};
    for (const auto& [field, value] : templates)
        if (auto unknown = unknown_placeholder(*value))
            reader.fail(field, "uses the unknown placeholder " + *unknown +
                                   " (known: {Name}, {name}, {py})");
    for (const auto& source : p.priv_sources)
        if (auto unknown = unknown_placeholder(source))
            reader.fail("paths.priv_sources", "uses the unknown placeholder " + *unknown +
                                                  " (known: {Name}, {name}, {py})");
    // A benchmark file is matched back to its operator, so its name must hold the operator.
    const std::pair<const char*, const std::string*> per_operator[] = {
        {"paths.bench_cpp", &p.bench_cpp},
        {"paths.bench_py", &p.bench_py},
        {"paths.bench_config_file", &p.bench_config_file},
        {"paths.campaign_ledger", &p.campaign_ledger},
        {"paths.bench_target", &p.bench_target}};
    for (const auto& [field, value] : per_operator)
        if (!value->empty() && (!placeholder_in_file_name(*value) || unknown_placeholder(*value) ||
                                value->find("{py}") != std::string::npos))
            reader.fail(field, "must hold {Name} or {name} exactly once, in the file name");
    const std::pair<const char*, const std::string*> fixed[] = {
        {"paths.priv_dir", &p.priv_dir},
        {"paths.legacy_dir", &p.legacy_dir},
        {"paths.tests_dir", &p.tests_dir},
        {"paths.bench_config_dir", &p.bench_config_dir},
        {"paths.manifest", &p.manifest},
        {"paths.sku_map", &p.sku_map},
        {"paths.curated_data", &p.curated_data},
        {"paths.secondary_scope_policy", &p.secondary_scope_policy},
        {"paths.refactor_guideline", &p.refactor_guideline}};
    for (const auto& [field, value] : fixed)
        if (placeholder_count(*value) != 0)
            reader.fail(field, "must be a fixed path without placeholders");
    const std::pair<const char*, const std::string*> required[] = {
        {"paths.priv_dir", &p.priv_dir},
        {"paths.tests_dir", &p.tests_dir},
        {"paths.bench_config_dir", &p.bench_config_dir},
        {"paths.bench_config_file", &p.bench_config_file},
        {"paths.manifest", &p.manifest},
        {"paths.sku_map", &p.sku_map},
        {"grammar.summary_marker", &layout.grammar.summary_marker},
        {"grammar.binding_def_call", &layout.grammar.binding_def_call},
        {"commits.perf_type", &layout.commits.perf_type},
        {"commits.fix_type", &layout.commits.fix_type},
        {"commits.test_type", &layout.commits.test_type}};
    for (const auto& [field, value] : required)
        if (value->empty())
            reader.fail(field, "must not be empty");
    if (!is_identifier_prefix(layout.grammar.test_suite_prefix))
        reader.fail("grammar.test_suite_prefix",
                    "must start a C++ identifier (letters, digits and '_', not a digit first), "
                    "or be \"\"");
    const auto& a = layout.attribution;
    for (const auto& [key, ops] : a.multi_op_sources)
        for (const auto& op : ops)
            if (!is_lower_case(op))
                reader.fail("attribution.multi_op_sources",
                            "must name operators in lower case, as the manifest does");
    for (const auto& entry : a.shared_kernel_sources)
        if (!is_lower_case(entry.first))
            reader.fail("attribution.shared_kernel_sources",
                        "must name operators in lower case, as the manifest does");
    for_each_layout_field(layout, [&](const char* group, const char* key, const auto& member) {
        if (std::string_view(group) == "paths" || std::string_view(group) == "attribution")
            require_contained(reader, field_name(group, key), member);
    });
    if (!layout.languages.has_python())
        for (const auto& [field, value] : python_paths(layout))
            if (!value->empty())
                reader.fail(field, "must be \"\": \"languages\" declares no Python binding");
}
#endif // ODO_REPO_DEFINITIONS

} // namespace detail

// Reads a layout file's text over the CV-CUDA defaults. InputError names `source` and the field:
// `odo-layout.json: field "paths.binding" must be a string`.
ODO_API Layout parse_layout(std::string_view text, std::string_view source);
ODO_API Layout load_layout(const std::filesystem::path& file);
// The layout of the repository at `repo_root`: the explicit file when one is given, else its
// odo-layout.json when present, else the built-in CV-CUDA profile.
ODO_API Layout layout_for_repository(const std::filesystem::path& repo_root,
                                     const std::optional<std::filesystem::path>& layout_file = {});
#if ODO_REPO_DEFINITIONS
ODO_API Layout parse_layout(std::string_view text, std::string_view source) {
    const boost::json::value doc = json::parse(text, source);
    if (!doc.is_object())
        throw InputError(std::string(source) + ": a layout file must hold a JSON object");
    const auto& root = doc.get_object();
    const detail::LayoutReader reader(source);
    if (const auto* schema = root.if_contains("schema");
        schema && (!schema->is_string() || schema->get_string() != layout_schema))
        reader.fail("schema", "must be \"" + std::string(layout_schema) + "\"");
    detail::reject_unknown_fields(root, reader);
    Layout layout;
    if (const auto* languages = root.if_contains(languages_field))
        layout.languages = detail::read_languages(*languages, reader);
    // CV-CUDA ships no layout file: one that leaves the tooling out describes a library without
    // CV-CUDA's baseline scripts, whose fix texts must name odo's tools.
    layout.tooling = Tooling::Odo;
    if (const auto* tooling = root.if_contains(tooling_field))
        layout.tooling = detail::read_tooling(*tooling, reader);
    // Without a binding, the CV-CUDA defaults of the Python files do not apply.
    if (!layout.languages.has_python())
        for (const auto& entry : detail::python_paths(layout))
            entry.second->clear();
    detail::for_each_layout_field(layout, [&](const char* group, const char* key, auto& member) {
        if (const auto* g = root.if_contains(group))
            if (const auto* v = g->get_object().if_contains(key))
                reader.read(*v, detail::field_name(group, key), member);
    });
    detail::validate_layout(layout, reader);
    return layout;
}

ODO_API Layout load_layout(const std::filesystem::path& file) {
    return parse_layout(read_file(file), file.string());
}

ODO_API Layout layout_for_repository(const std::filesystem::path& repo_root,
                                     const std::optional<std::filesystem::path>& layout_file) {
    if (layout_file)
        return load_layout(*layout_file);
    if (auto text = try_read_repo_file(repo_root, layout_file_name))
        return parse_layout(*text, (repo_root / layout_file_name).string());
    return Layout::cvcuda();
}

// The profile as a complete layout file: a starting point for a new library's own file.
inline boost::json::object layout_to_json(const Layout& layout) {
    boost::json::object doc{{"schema", layout_schema}};
    doc[languages_field] = boost::json::value_from(language_names(layout.languages));
    doc[tooling_field] = to_string(layout.tooling);
    detail::for_each_layout_field(layout,
                                  [&](const char* group, const char* key, const auto& member) {
                                      auto& g = doc[group];
                                      if (!g.is_object())
                                          g = boost::json::object{};
                                      g.get_object()[key] = boost::json::value_from(member);
                                  });
    return doc;
}
#endif // ODO_REPO_DEFINITIONS

} // namespace odo::repo
