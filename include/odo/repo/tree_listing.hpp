#pragma once
// The output of `git ls-tree -z -l`, apart from the process that writes it, so the side trees of
// the device-code proof and the published evidence store read it one way.
#include "odo/core/linkage.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace odo::repo {

// One entry: "<mode> <type> <oid> <size>\t<path>", the size padded with spaces ("-" for a tree or a
// submodule, read as 0). An entry without that head keeps its path and leaves the rest empty.
struct TreeEntry {
    std::string mode;
    std::string type;
    std::string oid;
    std::uint64_t size = 0;
    std::string path;
};

// The NUL-separated entries, in git's order; empty entries are skipped.
ODO_API std::vector<TreeEntry> parse_tree_listing(std::string_view listing);
#if ODO_REPO_DEFINITIONS
ODO_API std::vector<TreeEntry> parse_tree_listing(std::string_view listing) {
    std::vector<TreeEntry> out;
    for (std::size_t start = 0; start < listing.size();) {
        const std::size_t end = std::min(listing.find('\0', start), listing.size());
        const std::string_view entry = listing.substr(start, end - start);
        start = end + 1;
        if (entry.empty())
            continue;
        const std::size_t tab = entry.find('\t');
        TreeEntry e;
        e.path = tab == std::string_view::npos ? std::string() : std::string(entry.substr(tab + 1));
        std::vector<std::string_view> head;
        const std::string_view fields = entry.substr(0, tab == std::string_view::npos ? 0 : tab);
        for (std::size_t i = 0; i < fields.size();) {
            const std::size_t stop = std::min(fields.find(' ', i), fields.size());
            if (stop > i)
                head.emplace_back(fields.substr(i, stop - i));
            i = stop + 1;
        }
        if (head.size() == 4) {
            e.mode = head[0];
            e.type = head[1];
            e.oid = head[2];
            e.size = std::strtoull(std::string(head[3]).c_str(), nullptr, 10);
        }
        out.push_back(std::move(e));
    }
    return out;
}
#endif // ODO_REPO_DEFINITIONS

} // namespace odo::repo
