#pragma once
// Whether the `ref:` lines of odo's Markdown reports resolve in the repository they were run on:
// each names a file, and where it has "#anchor", a heading of that file with GitHub's anchor.
// The campaign's reports are read from a folder it wrote; the repository is the change author's,
// so a ref may only name a regular file inside it.
#include <odo/core/file.hpp>
#include <odo/core/text.hpp>

#include <cctype>
#include <filesystem>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace campaign {

// GitHub's anchor of a Markdown heading: lower case, spaces to '-', other punctuation dropped.
inline std::string heading_anchor(const std::string& heading) {
    std::string anchor;
    for (const char c : heading) {
        const auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u) || c == '-' || c == '_')
            anchor += static_cast<char>(std::tolower(u));
        else if (c == ' ')
            anchor += '-';
    }
    return anchor;
}

inline std::set<std::string> heading_anchors(const std::string& markdown) {
    std::set<std::string> anchors;
    std::istringstream lines(markdown);
    for (std::string line; std::getline(lines, line);) {
        const auto text = line.find_first_not_of('#');
        if (text != 0 && text != std::string::npos && line[text] == ' ')
            anchors.insert(heading_anchor(std::string(odo::text::strip(line.substr(text)))));
    }
    return anchors;
}

// The refs of a report, as odo's Markdown renderers print them under a finding.
inline std::vector<std::string> report_refs(const std::string& report) {
    std::vector<std::string> refs;
    const std::string marker = "    - ref: ";
    std::istringstream lines(report);
    for (std::string line; std::getline(lines, line);)
        if (line.rfind(marker, 0) == 0)
            refs.push_back(line.substr(marker.size()));
    return refs;
}

namespace detail {

inline std::vector<std::string> split_refs(const std::string& ref) {
    const std::string separator = " / ";
    std::vector<std::string> parts;
    std::size_t from = 0;
    for (auto at = ref.find(separator); at != std::string::npos; at = ref.find(separator, from)) {
        parts.push_back(ref.substr(from, at - from));
        from = at + separator.size();
    }
    parts.push_back(ref.substr(from));
    return parts;
}

// A relative path without ".." that names a regular file (not a link) under `root`.
inline bool names_file_inside(const std::filesystem::path& root, const std::string& path) {
    const std::filesystem::path relative(path);
    if (path.empty() || relative.is_absolute() || relative.has_root_name())
        return false;
    for (const auto& part : relative)
        if (part == "..")
            return false;
    std::error_code ignored;
    return std::filesystem::symlink_status(root / relative, ignored).type() ==
           std::filesystem::file_type::regular;
}

} // namespace detail

// Why `ref` ("path", "path#anchor", or several joined by " / ") does not resolve in `root`, one
// "part: problem" each; empty when it does.
inline std::vector<std::string> unresolved_ref(const std::filesystem::path& root,
                                               const std::string& ref) {
    std::vector<std::string> problems;
    for (const std::string& one : detail::split_refs(ref)) {
        const auto hash = one.find('#');
        const std::string path = one.substr(0, hash);
        if (!detail::names_file_inside(root, path))
            problems.push_back(one + ": no such file in the repository");
        else if (hash != std::string::npos &&
                 !heading_anchors(odo::read_file(root / path)).count(one.substr(hash + 1)))
            problems.push_back(one + ": no such heading");
    }
    return problems;
}

} // namespace campaign
