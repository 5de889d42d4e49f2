#pragma once
// HOST-ONLY: runs git through Boost.Process. Never include from a .cu file.
#include "odo/core/process.hpp"
#include "odo/core/text.hpp"
#include "odo/repo/cat_file_batch.hpp"

#include <chrono>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace odo::repo {

// Read-only access to one git repository. Every call runs git with an argument vector and a
// timeout; failures come back as values (empty optionals, exit codes) that checks report.
class Git {
public:
    explicit Git(std::filesystem::path root,
                 std::chrono::milliseconds timeout = std::chrono::seconds(60))
        : root_(std::move(root)), timeout_(timeout) {}

    const std::filesystem::path& root() const noexcept { return root_; }

    ProcessResult run(std::vector<std::string> args, std::string input = {}) const {
        // Paths with non-ASCII bytes must come back verbatim, not C-quoted.
        args.insert(args.begin(), {"-c", "core.quotepath=off"});
        return run_process("git", args, {root_, timeout_, std::move(input)});
    }

    // stdout when git exits 0, else nullopt.
    std::optional<std::string> output(std::vector<std::string> args) const {
        ProcessResult r = run(std::move(args));
        if (!r.ok())
            return std::nullopt;
        return std::move(r.out);
    }

    // The full SHA of `ref` as a commit, or nullopt when it does not resolve.
    std::optional<std::string> resolve_commit(const std::string& ref) const {
        if (ref.empty())
            return std::nullopt;
        auto out = output({"rev-parse", "--verify", "--quiet", ref + "^{commit}"});
        if (!out)
            return std::nullopt;
        return std::string(text::strip(*out));
    }

    // Exit status of `git merge-base --is-ancestor a b`: 0 yes, 1 no, other: git could not
    // compare (nullopt when git did not run).
    std::optional<int> is_ancestor(const std::string& a, const std::string& b) const {
        const ProcessResult r = run({"merge-base", "--is-ancestor", a, b});
        if (!r.started || r.timed_out)
            return std::nullopt;
        return r.exit_code;
    }

    bool has_commit(const std::string& sha) const {
        return run({"cat-file", "-e", sha + "^{commit}"}).ok();
    }

    // Paths changed between the merge base of `from` and `to`, and `to` (three-dot diff).
    std::optional<std::vector<std::string>> changed_paths(const std::string& from,
                                                          const std::string& to) const {
        auto out = output({"diff", "--name-only", "--no-renames", from + "..." + to});
        if (!out)
            return std::nullopt;
        std::vector<std::string> paths;
        for (std::string_view line : text::lines(*out))
            if (!text::strip(line).empty())
                paths.emplace_back(line);
        return paths;
    }

    // Newest-first SHAs of the commits that touched `path`, at most `limit`.
    std::vector<std::string> commits_touching(const std::string& path, int limit) const {
        std::vector<std::string> shas;
        if (auto out = output({"log", "--format=%H", "-" + std::to_string(limit), "--", path}))
            for (std::string_view line : text::lines(*out))
                if (!text::strip(line).empty())
                    shas.emplace_back(text::strip(line));
        return shas;
    }

    // Contents of many `<rev>:<path>` objects with one `git cat-file --batch` process.
    // Missing objects map to nullopt; on any failure some specs are absent.
    CatFileObjects read_objects(const std::vector<std::string>& specs) const {
        const auto input = cat_file_batch_input(specs);
        if (!input)
            return {};
        const ProcessResult r = run({"cat-file", "--batch"}, *input);
        if (!r.ok())
            return {};
        return parse_cat_file_batch(r.out, specs);
    }

    // The top level of the work tree containing `dir`, or nullopt outside a git repository.
    static std::optional<std::filesystem::path> toplevel(const std::filesystem::path& dir) {
        const ProcessResult r = run_process("git", {"rev-parse", "--show-toplevel"},
                                            {dir, std::chrono::seconds(30), {}});
        if (!r.ok())
            return std::nullopt;
        return std::filesystem::path(std::string(text::strip(r.out)));
    }

private:
    std::filesystem::path root_;
    std::chrono::milliseconds timeout_;
};

} // namespace odo::repo
