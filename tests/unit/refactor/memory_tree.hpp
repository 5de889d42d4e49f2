#pragma once
// A source tree held in memory, for checks that need no repository.
#include <odo/repo/source_tree.hpp>

#include <map>
#include <string>

namespace odo::testing {

class MemoryTree final : public repo::SourceTree {
public:
    std::map<std::string, std::string> files;

    std::optional<std::string> read(const std::string& path) const override {
        const auto it = files.find(path);
        return it == files.end() ? std::nullopt : std::optional<std::string>(it->second);
    }
    std::vector<std::string> files_under(const std::string& dir) const override {
        std::vector<std::string> out;
        for (const auto& entry : files)
            if (entry.first.compare(0, dir.size() + 1, dir + "/") == 0)
                out.push_back(entry.first);
        return out;
    }
};

} // namespace odo::testing
