#pragma once
// Throw-away git repositories for CLI tests, laid out from a fixture tree.
#include <odo/core/atomic_write.hpp>
#include <odo/core/file.hpp>
#include <odo/core/process.hpp>
#include <odo/core/text.hpp>

#include <atomic>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

namespace odo::testing {

class TempRepo {
public:
    // A fresh git repository; with `fixture`, its files are copied in and committed as
    // "chore: establish test base".
    explicit TempRepo(const std::filesystem::path& fixture = {}) {
        static std::atomic<int> counter{0};
        root_ = std::filesystem::temp_directory_path() /
                ("odo-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        std::filesystem::remove_all(root_);
        std::filesystem::create_directories(root_);
        git({"init", "-q", "-b", "main"});
        git({"config", "user.email", "odo@example.com"});
        git({"config", "user.name", "odo tests"});
        git({"config", "commit.gpgsign", "false"});
        if (!fixture.empty()) {
            std::filesystem::copy(fixture, root_, std::filesystem::copy_options::recursive);
            commit("chore: establish test base");
        }
    }
    ~TempRepo() {
        std::error_code ignored;
        std::filesystem::remove_all(root_, ignored);
    }
    TempRepo(const TempRepo&) = delete;
    TempRepo& operator=(const TempRepo&) = delete;

    const std::filesystem::path& root() const { return root_; }

    void write(const std::string& path, const std::string& content) const {
        std::filesystem::create_directories((root_ / path).parent_path());
        odo::write_file_atomically(root_ / path, content);
    }
    std::string read(const std::string& path) const { return odo::read_file(root_ / path); }
    void remove(const std::string& path) const { std::filesystem::remove_all(root_ / path); }

    // Commits everything and returns the new HEAD SHA.
    std::string commit(const std::string& message) const {
        git({"add", "-A"});
        git({"commit", "-q", "--allow-empty", "-m", message});
        return head();
    }
    std::string head() const { return std::string(text::strip(git({"rev-parse", "HEAD"}))); }

    std::string git(const std::vector<std::string>& args) const {
        const ProcessResult r = run_process("git", args, {root_, std::chrono::seconds(60), {}, {}});
        if (!r.ok())
            throw std::runtime_error("git failed: " + text::join(args, " ") + "\n" + r.err);
        return r.out;
    }

private:
    std::filesystem::path root_;
};

// Runs a program (by path) with arguments in `dir` and returns what it did.
inline ProcessResult run_in(const std::filesystem::path& dir, const std::string& program,
                            const std::vector<std::string>& args) {
    return run_process(program, args, {dir, std::chrono::seconds(120), {}, {}});
}

} // namespace odo::testing
