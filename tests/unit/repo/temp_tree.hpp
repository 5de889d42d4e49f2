#pragma once
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include <unistd.h>

// A throw-away repository tree under the system temp dir, removed with its contents at scope
// exit.
class TempTree {
public:
    TempTree() {
        static int counter = 0;
        root_ = std::filesystem::temp_directory_path() /
                ("odo-repo-" + std::to_string(::getpid()) + "-" + std::to_string(++counter));
        std::filesystem::remove_all(root_);
        std::filesystem::create_directories(root_);
    }
    ~TempTree() {
        std::error_code ignored;
        std::filesystem::remove_all(root_, ignored);
    }
    TempTree(const TempTree&) = delete;
    TempTree& operator=(const TempTree&) = delete;

    const std::filesystem::path& root() const { return root_; }

    // Writes `text` to the repository-relative `path`, creating folders.
    const TempTree& write(const std::string& path, std::string_view text = "") const {
        const auto file = root_ / path;
        std::filesystem::create_directories(file.parent_path());
        std::ofstream(file, std::ios::binary) << text;
        return *this;
    }

private:
    std::filesystem::path root_;
};
