#pragma once
#include "odo/core/file.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"
#include "odo/repo/path_text.hpp"
#include "odo/repo/repo_path.hpp"

#include <algorithm>
#include <deque>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace odo::repo {

// The targets of the quoted #include directives of a C/C++ source ("…" only: <…> names a
// system or toolkit header, which no operator owns).
ODO_API std::vector<std::string> quoted_includes(std::string_view source);
#if ODO_REPO_DEFINITIONS
ODO_API std::vector<std::string> quoted_includes(std::string_view source) {
    std::vector<std::string> targets;
    for (std::string_view line : text::lines(source)) {
        auto skip_blanks = [&] {
            while (!line.empty() && (line.front() == ' ' || line.front() == '\t'))
                line.remove_prefix(1);
        };
        skip_blanks();
        if (line.empty() || line.front() != '#')
            continue;
        line.remove_prefix(1);
        skip_blanks();
        if (!text::starts_with(line, "include"))
            continue;
        line.remove_prefix(7);
        skip_blanks();
        if (line.empty() || line.front() != '"')
            continue;
        const auto close = line.find('"', 1);
        if (close != std::string_view::npos && close > 1)
            targets.emplace_back(line.substr(1, close - 1));
    }
    return targets;
}
#endif // ODO_REPO_DEFINITIONS

// Who includes whom among the sources under some roots of a repository. Quoted includes are
// resolved relative to the including file's directory, as the compiler's first lookup does.
class IncludeGraph {
public:
    static IncludeGraph scan(const std::filesystem::path& repo_root,
                             const std::vector<std::string>& roots,
                             const std::vector<std::string>& extensions) {
        namespace fs = std::filesystem;
        IncludeGraph graph;
        for (const auto& root : roots) {
            const fs::path dir = repo_root / std::string(trim_trailing_slashes(root));
            std::error_code ec;
            for (fs::recursive_directory_iterator
                     it(dir, fs::directory_options::skip_permission_denied, ec),
                 end;
                 !ec && it != end; it.increment(ec)) {
                std::error_code type_ec;
                const fs::path& file = it->path();
                if (!it->is_regular_file(type_ec) ||
                    std::find(extensions.begin(), extensions.end(), file.extension().string()) ==
                        extensions.end())
                    continue;
                const fs::path relative = file.lexically_relative(repo_root);
                graph.add_file(relative, try_read_repo_file(repo_root, relative));
            }
        }
        return graph;
    }

    // Every file that includes `path`, directly or through other files. The walk neither
    // enters nor reports a file for which `stop(file)` holds.
    template <class Stop>
    std::set<std::string> transitive_includers(const std::string& path, Stop&& stop) const {
        std::set<std::string> seen;
        std::deque<std::string> pending{path};
        while (!pending.empty()) {
            const auto found = includers_.find(pending.front());
            pending.pop_front();
            if (found == includers_.end())
                continue;
            for (const auto& includer : found->second)
                if (!stop(includer) && seen.insert(includer).second)
                    pending.push_back(includer);
        }
        return seen;
    }

private:
    void add_file(const std::filesystem::path& relative, const std::optional<std::string>& text) {
        if (!text)
            return;
        const std::string includer = relative.generic_string();
        for (const auto& target : quoted_includes(*text))
            includers_[(relative.parent_path() / target).lexically_normal().generic_string()]
                .insert(includer);
    }

    std::map<std::string, std::set<std::string>> includers_;
};

} // namespace odo::repo
