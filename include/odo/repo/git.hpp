#pragma once
// HOST-ONLY: runs git as a child process. Never include from a .cu file.
#include "odo/core/error.hpp"
#include "odo/core/error_output.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/process.hpp"
#include "odo/core/text.hpp"
#include "odo/repo/cat_file_batch.hpp"
#include "odo/repo/revision_name.hpp"

#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace odo::repo {

// Configuration that would change the output odo parses or make git run a program, pinned on
// the command line, which overrides every config file (system, global, the repository's own):
// signature checks print gpg output into `git log` and run `gpg.program`; fsmonitor, pagers and
// external diff tools are programs; prefixes, colour, quoting and encoding change the bytes.
ODO_API std::vector<std::string> pinned_git_config();
// The environment git runs in: nothing inherited may point it at another repository, inject
// configuration, prompt, page or diff through a program. The system and global config files
// stay (the pins above override what matters), since `safe.directory` lives there.
ODO_API std::map<std::string, std::optional<std::string>> pinned_git_environment();
#if ODO_REPO_DEFINITIONS
ODO_API std::vector<std::string> pinned_git_config() {
    std::vector<std::string> args;
    for (const char* setting :
         {"core.quotepath=off", "core.fsmonitor=false", "core.pager=cat",
          "core.hooksPath=/dev/null", "log.showSignature=false", "log.decorate=false",
          "color.ui=false", "diff.noprefix=false", "diff.mnemonicPrefix=false",
          "diff.relative=false", "i18n.logOutputEncoding=UTF-8"})
        args.insert(args.end(), {"-c", setting});
    return args;
}

ODO_API std::map<std::string, std::optional<std::string>> pinned_git_environment() {
    std::map<std::string, std::optional<std::string>> env;
    for (const char* name : {"GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY",
                             "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_CONFIG",
                             "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_EXTERNAL_DIFF",
                             "GIT_DIFF_OPTS", "GIT_NAMESPACE", "GIT_REPLACE_REF_BASE",
                             "GIT_GRAFT_FILE", "GIT_SHALLOW_FILE", "GIT_ASKPASS", "SSH_ASKPASS"})
        env[name] = std::nullopt;
    env["GIT_TERMINAL_PROMPT"] = "0";
    env["GIT_PAGER"] = "cat";
    env["GIT_OPTIONAL_LOCKS"] = "0"; // a gate only reads: never rewrite the index
    env["GIT_NO_REPLACE_OBJECTS"] = "1";
    env["LC_ALL"] = "C";
    return env;
}
#endif // ODO_REPO_DEFINITIONS

// Why git found no repository, from what it printed on stderr: "not inside a git repository" when
// there is none, else git's own first line ("fatal: detected dubious ownership in repository at
// '/src'"), since any other refusal is something the user must fix, not a missing --repo.
ODO_API std::string no_repository_reason(std::string_view git_stderr);
#if ODO_REPO_DEFINITIONS
ODO_API std::string no_repository_reason(std::string_view git_stderr) {
    std::string_view first = text::strip(git_stderr);
    first = first.substr(0, first.find('\n'));
    if (first.empty() || text::starts_with(first, "fatal: not a git repository"))
        return "not inside a git repository";
    return "git refuses it: " + one_line(text::strip(first));
}
#endif // ODO_REPO_DEFINITIONS

// What `git rev-parse --show-toplevel` found for a directory: the work tree's top level, or why
// there is none (no_repository_reason).
struct TopLevel {
    std::optional<std::filesystem::path> root;
    std::string refusal;
};

// Read-only access to one git repository. Every call runs git with an argument vector, the
// pinned configuration and a timeout. A git that ran and failed comes back as a value (empty
// optionals, exit codes) that checks report; a git that cannot be started or outlives its
// timeout throws InputError naming the command, since nothing after it could be judged.
class Git {
public:
    // Told every command before it runs: its arguments after the pinned configuration, and its
    // standard input. A benchmark replays exactly these to time git apart from odo.
    using Trace =
        std::function<void(const std::vector<std::string>& args, const std::string& input)>;

    explicit Git(std::filesystem::path root,
                 std::chrono::milliseconds timeout = std::chrono::seconds(60), Trace trace = {})
        : root_(std::move(root)), timeout_(timeout), trace_(std::move(trace)) {}

    const std::filesystem::path& root() const noexcept { return root_; }

    ProcessResult run(const std::vector<std::string>& args, std::string input = {},
                      std::function<bool(std::string&)> consume_output = {}) const {
        if (trace_)
            trace_(args, input);
        return run_git(args, root_, timeout_, std::move(input), std::move(consume_output));
    }

    // stdout when git exits 0, else nullopt.
    std::optional<std::string> output(std::vector<std::string> args) const {
        ProcessResult r = run(std::move(args));
        if (!r.ok())
            return std::nullopt;
        return std::move(r.out);
    }

    // The full SHA of `ref` as a commit, or nullopt when it does not resolve or could be read
    // as an option (revision_name_refusal). Refusing such a name before git runs is what
    // `--end-of-options` would do, without needing git 2.30 for rev-parse to know that option.
    std::optional<std::string> resolve_commit(const std::string& ref) const {
        if (!revision_name_refusal(ref).empty())
            return std::nullopt;
        auto out = output({"rev-parse", "--verify", "--quiet", ref + "^{commit}"});
        if (!out)
            return std::nullopt;
        return std::string(text::strip(*out));
    }

    // The full SHA of the commit a revision the user gave names, the one way every tool resolves
    // one before it goes into any other git command; InputError naming `option` otherwise.
    std::string user_commit(const std::string& option, const std::string& rev) const {
        const std::string said = option + " " + one_line(rev) + ": ";
        if (const std::string refusal = revision_name_refusal(rev); !refusal.empty())
            throw InputError(said + refusal);
        auto commit = resolve_commit(rev);
        if (!commit)
            throw InputError(said + "does not resolve to a commit in " + root_.string());
        return *std::move(commit);
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

    // The same objects handed to `on_object` one at a time as git writes them, so that reading
    // many large versions holds one at once; `on_object` returns whether it wants the next, and
    // after false the rest of git's answer is dropped unread. True when every spec was answered
    // (so not after such a stop) and git exited 0.
    bool stream_objects(const std::vector<std::string>& specs,
                        const CatFileStream::Handler& on_object) const {
        return stream_batch(CatFileStream(specs, on_object), specs);
    }

    // The same with each object's contents handed to `on_piece` in the pieces the pipe
    // delivers (CatFilePieceStream), for a reader that parses a version as it arrives instead
    // of holding it whole.
    bool stream_object_pieces(const std::vector<std::string>& specs,
                              const CatFilePieceStream::Handler& on_piece) const {
        return stream_batch(CatFilePieceStream(specs, on_piece), specs);
    }

    // The top level of the work tree containing `dir`, or git's reason it has none.
    static TopLevel find_toplevel(const std::filesystem::path& dir) {
        const ProcessResult r =
            run_git({"rev-parse", "--show-toplevel"}, dir, std::chrono::seconds(30), {}, {});
        if (!r.ok())
            return {std::nullopt, no_repository_reason(r.err)};
        return {std::filesystem::path(std::string(text::strip(r.out))), {}};
    }

    // The top level of the work tree containing `dir`, or nullopt outside a git repository.
    static std::optional<std::filesystem::path> toplevel(const std::filesystem::path& dir) {
        return find_toplevel(dir).root;
    }

private:
    template <class Stream>
    bool stream_batch(Stream&& stream, const std::vector<std::string>& specs) const {
        const auto input = cat_file_batch_input(specs);
        if (!input)
            return false;
        const ProcessResult r = run({"cat-file", "--batch"}, *input,
                                    [&](std::string& out) { return stream.feed(out); });
        return r.ok() && stream.answered() == specs.size();
    }

    static ProcessResult run_git(const std::vector<std::string>& args,
                                 const std::filesystem::path& dir,
                                 std::chrono::milliseconds timeout, std::string input,
                                 std::function<bool(std::string&)> consume_output) {
        std::vector<std::string> argv = pinned_git_config();
        argv.insert(argv.end(), args.begin(), args.end());
        ProcessOptions options{dir, timeout, std::move(input), pinned_git_environment(),
                               std::move(consume_output)};
        ProcessResult r = run_process("git", argv, options);
        if (r.timed_out)
            throw InputError(odo::detail::command_text("git", args) + ": timed out after " +
                             std::to_string(timeout.count() / 1000) +
                             " s (is the repository locked by another git process?)");
        if (!r.started)
            throw InputError(r.error);
        return r;
    }

    std::filesystem::path root_;
    std::chrono::milliseconds timeout_;
    Trace trace_;
};

} // namespace odo::repo
