#include "temp_repo.hpp"

#include <odo/baseline/refresh_history.hpp>
#include <odo/repo/git.hpp>

#include <doctest/doctest.h>

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

TEST_CASE("Git failures are values: a missing directory or program does not throw") {
    const odo::repo::Git git("/nonexistent-odo-dir");
    CHECK_FALSE(git.resolve_commit("HEAD"));
    CHECK_FALSE(odo::repo::Git::toplevel("/"));
    const odo::ProcessResult r = odo::run_process("odo-no-such-program", {});
    CHECK_FALSE(r.started);
    CHECK(r.error.find("not found") != std::string::npos);
}

TEST_CASE("a process past its timeout is killed and reported") {
    const odo::ProcessResult r =
        odo::run_process("sleep", {"5"}, {{}, std::chrono::milliseconds(200), {}});
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
    const odo::ProcessResult r = odo::run_process(
        "sh", {"-c", "sleep 30; echo done"}, {{}, std::chrono::milliseconds(300), {}});
    CHECK(r.timed_out);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
}
