#include "temp_repo.hpp"

#include <odo/baseline/refresh_history.hpp>
#include <odo/repo/git.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

using odo::testing::TempRepo;

namespace {

std::string config_with(const std::string& tier, int n_runs) {
    return R"({"benchmark": "x", "configs": {"c": {"tier": ")" + tier +
           R"(", "baselines": {"k": {"S": {"n_runs": )" + std::to_string(n_runs) + "}}}}}}";
}

struct Command {
    std::vector<std::string> args;
    std::string input;
};

} // namespace

TEST_CASE("a process's output can be consumed as it arrives instead of held whole") {
    std::size_t total = 0, largest = 0;
    odo::ProcessOptions options;
    options.consume_output = [&](std::string& out) {
        largest = std::max(largest, out.size());
        total += out.size();
        out.clear();
        return true;
    };
    const odo::ProcessResult r =
        odo::run_process("sh", {"-c", "head -c 4000000 /dev/zero"}, options);
    CHECK(r.ok());
    CHECK(total == 4000000);
    CHECK(largest < (1u << 20) + 65536); // a megabyte (and one read) at a time at most
    CHECK(r.out.empty());
}

TEST_CASE(
    "a consumer that throws ends the consuming; the error comes back once the program ended") {
    odo::ProcessOptions options;
    std::size_t calls = 0;
    options.consume_output = [&](std::string&) -> bool {
        ++calls;
        throw std::runtime_error("consumer gave up");
    };
    CHECK_THROWS_WITH_AS(odo::run_process("sh", {"-c", "head -c 3000000 /dev/zero"}, options),
                         "consumer gave up", std::runtime_error);
    CHECK(calls == 1);
}

TEST_CASE("a consumer that wants no more output is called no more; the program still ends") {
    odo::ProcessOptions options;
    std::size_t calls = 0, seen = 0;
    options.consume_output = [&](std::string& out) {
        ++calls;
        seen += out.size();
        return false;
    };
    // The program writes 8 MB and exits 0 only when all of it was read: nothing blocks it.
    const odo::ProcessResult r =
        odo::run_process("sh", {"-c", "head -c 8000000 /dev/zero && echo done >&2"}, options);
    CHECK(r.ok());
    CHECK(r.err == "done\n");
    CHECK(calls == 1);
    CHECK(seen <= (1u << 20) + 65536);
    CHECK(r.out.empty());
}

TEST_CASE("Git streams cat-file answers one at a time and tells every command to its trace") {
    TempRepo repo;
    repo.write("a.txt", "one\n");
    repo.write("b.txt", "two\n");
    const std::string sha = repo.commit("c");
    std::vector<Command> trace;
    const odo::repo::Git git(repo.root(), std::chrono::seconds(60),
                             [&](const std::vector<std::string>& args, const std::string& input) {
                                 trace.push_back({args, input});
                             });
    std::vector<std::pair<std::string, std::optional<std::string>>> seen;
    const std::vector<std::string> specs = {sha + ":a.txt", "HEAD:absent", "HEAD:b.txt"};
    CHECK(git.stream_objects(specs, [&](const std::string& spec, std::string_view oid,
                                        std::optional<std::string_view> contents) {
        CHECK(oid.size() == (contents ? 40u : 0u));
        seen.emplace_back(spec, contents ? std::optional<std::string>(*contents) : std::nullopt);
        return true;
    }));
    REQUIRE(seen.size() == 3);
    CHECK(seen[0].second == std::optional<std::string>("one\n"));
    CHECK_FALSE(seen[1].second);
    CHECK(seen[2].second == std::optional<std::string>("two\n"));
    CHECK(git.resolve_commit("HEAD") == sha);
    REQUIRE(trace.size() == 2);
    CHECK(trace[0].args == std::vector<std::string>{"cat-file", "--batch"});
    CHECK(trace[0].input == sha + ":a.txt\nHEAD:absent\nHEAD:b.txt\n");
    CHECK(trace[1].args ==
          std::vector<std::string>{"rev-parse", "--verify", "--quiet", "HEAD^{commit}"});
    // A spec git would read as two requests is refused before git runs.
    CHECK_FALSE(git.stream_objects({"HEAD:a\nHEAD:b"}, [](auto&&...) -> bool {
        FAIL("no answer");
        return false;
    }));
    CHECK(trace.size() == 2);
}

TEST_CASE("Git hands cat-file answers over in pieces, each object's bytes whole and in order") {
    TempRepo repo;
    const std::string big(3000000, 'q'); // several pipe reads
    repo.write("big.txt", big);
    repo.write("b.txt", "two\n");
    repo.commit("c");
    struct Answer {
        std::string spec, contents;
        bool found = false, whole = false;
    };
    std::vector<Answer> seen;
    std::size_t pieces = 0;
    const std::vector<std::string> specs = {"HEAD:big.txt", "HEAD:absent", "HEAD:b.txt"};
    const odo::repo::Git git(repo.root());
    CHECK(git.stream_object_pieces(specs, [&](const odo::repo::CatFilePiece& p) {
        if (p.first)
            seen.push_back({p.spec, {}, p.found, false});
        seen.back().contents += p.bytes;
        seen.back().whole = p.last;
        ++pieces;
        return true;
    }));
    REQUIRE(seen.size() == 3);
    CHECK(seen[0].contents == big);
    CHECK((seen[0].whole && seen[0].found));
    CHECK((seen[1].whole && !seen[1].found));
    CHECK(seen[2].contents == "two\n");
    CHECK(pieces > 3); // the large object came in more than one piece
}

TEST_CASE("the refresh history walk finds a refresh past its first batch, through reverts") {
    TempRepo repo;
    const std::string path = "bench/config/operators/x.json";
    repo.write(path, config_with("basic", 1));
    repo.commit("first baselines");
    repo.write(path, config_with("basic", 2));
    const std::string refresh = repo.commit("refresh");
    // Twelve case-only edits that flip between two versions: the walk reads the same objects
    // again and again, and the refresh lies beyond the first batch of eight commits.
    for (int i = 0; i < 12; ++i) {
        repo.write(path, config_with(i % 2 == 0 ? "advanced" : "basic", 2));
        repo.commit("tier " + std::to_string(i));
    }
    const odo::repo::Git git(repo.root());
    CHECK(odo::baseline::last_baseline_refresh(git, path) == refresh);
    CHECK(odo::baseline::last_baseline_refresh(git, path, 12).empty());
    // A refresh back to earlier numbers is a refresh, although that version was seen before.
    repo.write(path, config_with("basic", 1));
    const std::string back = repo.commit("restore the first baselines");
    CHECK(odo::baseline::last_baseline_refresh(git, path) == back);
}

TEST_CASE("a file created with baselines is a refresh; one removed with them is one too") {
    TempRepo repo;
    repo.write("README", "r");
    repo.commit("base");
    const std::string path = "bench/config/operators/x.json";
    repo.write(path, config_with("basic", 1));
    const std::string created = repo.commit("create");
    const odo::repo::Git git(repo.root());
    CHECK(odo::baseline::last_baseline_refresh(git, path) == created);
    repo.remove(path);
    const std::string removed = repo.commit("remove");
    CHECK(odo::baseline::last_baseline_refresh(git, path) == removed);
}
