#include "temp_repo.hpp"

#include <odo/baseline/refresh_history.hpp>
#include <odo/gates/evidence_facts.hpp>
#include <odo/repo/git.hpp>

#include <doctest/doctest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

using odo::testing::TempRepo;

TEST_CASE("Git resolves refs, ancestry and three-dot changes") {
    TempRepo repo;
    repo.write("a.txt", "1");
    const std::string base = repo.commit("base");
    repo.write("dir/b.txt", "2");
    const std::string tip = repo.commit("tip");
    const odo::repo::Git git(repo.root());
    CHECK(git.resolve_commit("main") == tip);
    CHECK(git.resolve_commit("HEAD~1") == base);
    CHECK_FALSE(git.resolve_commit("no-such-ref"));
    CHECK_FALSE(git.resolve_commit(""));
    CHECK(git.is_ancestor(base, tip) == 0);
    CHECK(git.is_ancestor(tip, base) == 1);
    CHECK(git.is_ancestor(std::string(40, 'f'), tip) == 128);
    CHECK(git.has_commit(base));
    CHECK_FALSE(git.has_commit(std::string(40, 'f')));
    CHECK(git.changed_paths(base, "HEAD") == std::vector<std::string>{"dir/b.txt"});
    CHECK_FALSE(git.changed_paths("nope", "HEAD"));
    CHECK(git.commits_touching("a.txt", 100) == std::vector<std::string>{base});
}

TEST_CASE("a revision the user gives is resolved before any git command, never read as an option") {
    TempRepo repo;
    repo.write("a.txt", "1");
    const std::string tip = repo.commit("tip");
    const odo::repo::Git git(repo.root());
    CHECK(git.user_commit("--base", "main") == tip);
    CHECK_FALSE(git.resolve_commit("--output=written"));
    CHECK_THROWS_WITH_AS(git.user_commit("--base", "--output=written"),
                         "--base --output=written: a revision cannot start with '-', which git "
                         "reads as an option",
                         odo::InputError);
    CHECK_THROWS_WITH_AS(
        git.user_commit("--base", "no-such-ref"),
        ("--base no-such-ref: does not resolve to a commit in " + repo.root().string()).c_str(),
        odo::InputError);
    CHECK_FALSE(std::filesystem::exists(repo.root() / "written"));
}

TEST_CASE("Git reads many objects in one batch, missing ones as nullopt") {
    TempRepo repo;
    repo.write("x y.txt", "hello\nworld");
    repo.write("empty.txt", "");
    const std::string sha = repo.commit("c");
    const odo::repo::Git git(repo.root());
    const auto objects =
        git.read_objects({sha + ":x y.txt", sha + ":absent", "HEAD:empty.txt", sha + "~1:x y.txt"});
    CHECK(objects.at(sha + ":x y.txt") == std::optional<std::string>("hello\nworld"));
    CHECK_FALSE(objects.at(sha + ":absent"));
    CHECK(objects.at("HEAD:empty.txt") == std::optional<std::string>(""));
    CHECK_FALSE(objects.at(sha + "~1:x y.txt"));
}

TEST_CASE("git that ran and failed is a value; git that could not run is an error naming why") {
    CHECK_FALSE(odo::repo::Git::toplevel("/"));
    const odo::repo::Git git("/nonexistent-odo-dir");
    CHECK_THROWS_WITH_AS(git.resolve_commit("HEAD"),
                         doctest::Contains("working directory /nonexistent-odo-dir does not exist"),
                         odo::InputError);
    const odo::ProcessResult r = odo::run_process("odo-no-such-program", {});
    CHECK_FALSE(r.started);
    CHECK(r.error.find("not found") != std::string::npos);
}

TEST_CASE("a process past its timeout is killed and reported") {
    const odo::ProcessResult r =
        odo::run_process("sleep", {"5"}, {{}, std::chrono::milliseconds(200), {}, {}});
    CHECK(r.started);
    CHECK(r.timed_out);
    CHECK_FALSE(r.ok());
}

TEST_CASE("the last baseline refresh ignores case-only edits and unparseable revisions") {
    TempRepo repo;
    const std::string path = "bench/config/operators/x.json";
    repo.write(path, R"({"benchmark": "x", "configs": {"c": {"tier": "basic"}}})");
    repo.commit("config without baselines");
    const odo::repo::Git git(repo.root());
    CHECK(odo::baseline::last_baseline_refresh(git, path).empty());

    repo.write(
        path,
        R"({"benchmark": "x", "configs": {"c": {"tier": "basic", "baselines": {"k": {"S": {"n_runs": 1}}}}}})");
    const std::string refresh = repo.commit("refresh");
    repo.write(
        path,
        R"({"benchmark": "x", "configs": {"c": {"tier": "advanced", "baselines": {"k": {"S": {"n_runs": 1}}}}}})");
    repo.commit("edit tier only");
    repo.write(path, "{ broken");
    repo.commit("break the JSON");
    repo.write(
        path,
        R"({"configs": {"c": {"baselines": {"k": {"S": {"n_runs": 1}}}, "tier": "advanced"}}, "benchmark": "x"})");
    repo.commit("repair and reorder");
    CHECK(odo::baseline::last_baseline_refresh(git, path) == refresh);
    CHECK(odo::baseline::last_baseline_refresh(git, path, 2).empty()); // window too short
}

TEST_CASE("a timeout ends the program's own children too") {
    const auto start = std::chrono::steady_clock::now();
    // The shell's child `sleep` keeps the output pipe open: only a group kill lets us return.
    const odo::ProcessResult r = odo::run_process("sh", {"-c", "sleep 30; echo done"},
                                                  {{}, std::chrono::milliseconds(300), {}, {}});
    CHECK(r.timed_out);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
}

namespace {

// Sets an environment variable for one scope.
class ScopedEnv {
public:
    ScopedEnv(const char* name, const std::string& value) : name_(name) {
        if (const char* old = std::getenv(name))
            old_ = old;
        ::setenv(name, value.c_str(), 1);
    }
    ~ScopedEnv() {
        if (old_)
            ::setenv(name_, old_->c_str(), 1);
        else
            ::unsetenv(name_);
    }
    ScopedEnv(const ScopedEnv&) = delete;
    ScopedEnv& operator=(const ScopedEnv&) = delete;

private:
    const char* name_;
    std::optional<std::string> old_;
};

// Puts an executable shell script named `name` into `dir`.
void add_program(const TempRepo& dir, const std::string& name, const std::string& script) {
    dir.write(name, "#!/bin/sh\n" + script + "\n");
    std::filesystem::permissions(dir.root() / name, std::filesystem::perms::owner_all);
}

} // namespace

TEST_CASE(
    "H1: a grandchild that leaves the process group cannot hold the caller past the timeout") {
    const auto start = std::chrono::steady_clock::now();
    const odo::ProcessResult r = odo::run_process("sh", {"-c", "setsid sleep 30 & sleep 30"},
                                                  {{}, std::chrono::milliseconds(300), {}, {}});
    CHECK(r.timed_out);
    CHECK(r.error.find("sh -c setsid sleep 30 & sleep 30: timed out after") == 0);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
}

TEST_CASE("H1: a daemon still holding stdout does not hold a program that exited") {
    const auto start = std::chrono::steady_clock::now();
    const odo::ProcessResult r =
        odo::run_process("sh", {"-c", "echo before; setsid sleep 30 & exit 3"},
                         {{}, std::chrono::seconds(20), {}, {}});
    CHECK_FALSE(r.timed_out);
    CHECK(r.exit_code == 3);
    CHECK(r.out == "before\n");
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
}

TEST_CASE("a program that exits without reading its input does not kill the caller") {
    odo::ProcessOptions options;
    options.input = std::string(4 << 20, 'x');
    const odo::ProcessResult r = odo::run_process("true", {}, options);
    CHECK(r.ok());
    options.input = "line\n";
    CHECK(odo::run_process("cat", {}, options).out == "line\n");
}

TEST_CASE("a signal that ends the program is an exit code of 128 + N") {
    const odo::ProcessResult r = odo::run_process("sh", {"-c", "kill -9 $$"});
    CHECK(r.started);
    CHECK(r.exit_code == 128 + 9);
}

TEST_CASE("git missing from PATH says so, not 'not a git repository'") {
    TempRepo repo;
    const ScopedEnv path("PATH", (repo.root() / "empty").string());
    CHECK_THROWS_WITH_AS(odo::repo::Git::toplevel(repo.root()), "git: not found on PATH",
                         odo::InputError);
}

TEST_CASE("H3: a hung git is an error naming the command, after its timeout") {
    const TempRepo bin;
    add_program(bin, "git", "exec /bin/sleep 30");
    const ScopedEnv path("PATH", bin.root().string());
    const odo::repo::Git git(bin.root(), std::chrono::milliseconds(300));
    CHECK_THROWS_WITH_AS(git.resolve_commit("main"),
                         doctest::Contains("git rev-parse --verify --quiet main^{commit}: timed "
                                           "out after"),
                         odo::InputError);
}

TEST_CASE("S2: repository config cannot make git run a program or change the log odo parses") {
    TempRepo repo;
    repo.write("README.md", "base\n");
    const std::string base = repo.commit("chore: base");
    // A commit carrying a (fake) signature: with log.showSignature git would run gpg.program.
    const std::string tree = std::string(odo::text::strip(repo.git({"rev-parse", "HEAD^{tree}"})));
    const std::string object = "tree " + tree + "\nparent " + base +
                               "\nauthor a <a@b> 1700000000 +0000\ncommitter a <a@b> 1700000000 "
                               "+0000\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n -----END PGP "
                               "SIGNATURE-----\n\nfeat(boxblur): signed kernel change\n";
    repo.write("commit.txt", object);
    const std::string signed_sha = std::string(odo::text::strip(
        repo.git({"hash-object", "-t", "commit", "-w", (repo.root() / "commit.txt").string()})));
    repo.git({"update-ref", "HEAD", signed_sha});
    const std::filesystem::path marker = repo.root() / "gpg-ran";
    const TempRepo gpg;
    add_program(gpg, "gpg", "touch '" + marker.string() + "'; echo 'gpg: Good'");
    repo.git({"config", "log.showSignature", "true"});
    repo.git({"config", "gpg.program", (gpg.root() / "gpg").string()});

    const odo::gates::CommitHistory history =
        odo::gates::detail::commit_history(odo::repo::Git(repo.root()), base);
    CHECK(history.problem.empty());
    REQUIRE(history.commits.size() == 1);
    CHECK(history.commits[0].sha == signed_sha);
    CHECK(history.commits[0].subject == "feat(boxblur): signed kernel change");
    CHECK_FALSE(std::filesystem::exists(marker));
}

TEST_CASE("L1: a committed .gitattributes marking headers -diff does not hide their change") {
    TempRepo repo;
    repo.write(".gitattributes", "*.h -diff\n");
    repo.write("include/op.h", "int f(int);\n");
    const std::string base = repo.commit("base");
    repo.write("include/op.h", "int f(long);\n");
    repo.commit("change");
    const auto lines =
        odo::gates::detail::header_changes(odo::repo::Git(repo.root()), base, {"include/op.h"});
    REQUIRE(lines);
    CHECK(lines->size() == 2);
}

TEST_CASE("git's refusal is said in its own words; a directory outside any repository is said so") {
    using odo::repo::no_repository_reason;
    CHECK(no_repository_reason("fatal: not a git repository (or any of the parent directories): "
                               ".git\n") == "not inside a git repository");
    CHECK(no_repository_reason("") == "not inside a git repository");
    CHECK(no_repository_reason("fatal: detected dubious ownership in repository at '/src'\nTo "
                               "add an exception for this directory, call:\n\n\tgit config "
                               "--global --add safe.directory /src\n") ==
          "git refuses it: fatal: detected dubious ownership in repository at '/src'");
    CHECK(no_repository_reason("\n  fatal: not a git repository: '/x/.git'\x1b[2J\n") ==
          "not inside a git repository");
    CHECK(no_repository_reason("error: cannot read .git\x1b[2J: Permission denied\n") ==
          "git refuses it: error: cannot read .git\\x1b[2J: Permission denied");
}
