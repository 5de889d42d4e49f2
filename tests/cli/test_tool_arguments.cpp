// The three drivers refuse bad arguments with one line on stderr and exit 2: numbers out of range
// or not finite, negative counts, stray positional arguments, option files that are missing or
// not files, and user values with line breaks (issue #13 W3-W5 and its message items).
#include "temp_repo.hpp"
#include "text_helpers.hpp"

#include <odo/core/error_output.hpp>
#include <odo/version.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <unistd.h>

namespace {

using odo::testing::oprepo_fixture;

using odo::testing::TempRepo;
namespace fs = std::filesystem;

using odo::testing::contains;

std::size_t line_count(const std::string& text) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

// Exit 2 and exactly one line on stderr holding `message`.
void check_one_line_error(const odo::ProcessResult& r, const std::string& message) {
    CAPTURE(r.err);
    CHECK(r.exit_code == 2);
    CHECK(line_count(r.err) == 1);
    CHECK(contains(r.err, message));
}

} // namespace

TEST_CASE("odo_profile --timeout must be finite, at least 1 ms and at most a day") {
    TempRepo repo;
    repo.write("bench.sh", "#!/bin/sh\nexit 0\n");
    fs::permissions(repo.root() / "bench.sh", fs::perms::owner_all);
    for (const char* timeout : {"inf", "1e300", "1e-9", "nan", "-1", "0", "86401"}) {
        CAPTURE(timeout);
        check_one_line_error(
            odo::testing::run_in(repo.root(), ODO_PROFILE,
                                 {"--bench", "bench.sh", "--case", "a[x=1]", "--timeout", timeout}),
            "--timeout must be a number from 0.001 to 86400");
    }
}

TEST_CASE("odo_baseline: negative and non-integer counts are refused, never wrapped") {
    TempRepo repo{oprepo_fixture};
    const std::vector<std::vector<std::string>> cases{
        {"drift", "--from", "x", "--min-samples", "-1"},
        {"drift", "--from", "x", "--min-samples=-1"},
        {"drift", "--from", "x", "--min-samples", "0"},
        {"import", "--from", "x", "--cuda-major", "-3"},
    };
    for (const auto& args : cases) {
        CAPTURE(args.back());
        check_one_line_error(odo::testing::run_in(repo.root(), ODO_BASELINE_TOOL, args),
                             "must be an integer from 1 to");
    }
    for (const char* count : {"1.5", "18446744073709551615", "1e3"}) {
        CAPTURE(count);
        check_one_line_error(odo::testing::run_in(repo.root(), ODO_BASELINE_TOOL,
                                                  {"drift", "--from", "x", "--min-samples", count}),
                             "'--min-samples' is invalid");
    }
    check_one_line_error(odo::testing::run_in(repo.root(), ODO_BASELINE_TOOL,
                                              {"validate", "--max-noise-pct", "inf"}),
                         "--max-noise-pct must be a number from 0 to");
}

TEST_CASE("a stray positional argument is refused by every driver") {
    TempRepo repo{oprepo_fixture};
    repo.write("bench.sh", "#!/bin/sh\nexit 0\n");
    fs::permissions(repo.root() / "bench.sh", fs::perms::owner_all);
    check_one_line_error(odo::testing::run_in(repo.root(), ODO_PROFILE,
                                              {"--bench", "bench.sh", "--case", "a[x=1]", "stray"}),
                         "too many positional options");
    check_one_line_error(odo::testing::run_in(repo.root(), ODO_OPTIMIZE_OP,
                                              {"Invert", "stray", "--phase", "preflight"}),
                         "too many positional options");
    for (const char* command : {"import", "compare", "drift"}) {
        CAPTURE(command);
        check_one_line_error(
            odo::testing::run_in(repo.root(), ODO_BASELINE_TOOL,
                                 {command, "--from", "x", "--current", "x", "stray"}),
            "odo_baseline " + std::string(command) + ": error:");
    }
}

TEST_CASE("a user value with a line break is echoed on one line") {
    TempRepo repo{oprepo_fixture};
    const auto r = odo::testing::run_in(repo.root(), ODO_OPTIMIZE_OP,
                                        {"In\nvert\x1b[2J", "--phase", "preflight"});
    check_one_line_error(r, "In\\nvert\\x1b[2J");
    const auto unknown = odo::testing::run_in(repo.root(), ODO_BASELINE_TOOL, {"re\nfresh"});
    check_one_line_error(unknown, "unknown command 're\\nfresh'");
    const auto profile = odo::testing::run_in(
        repo.root(), ODO_PROFILE, {"--bench", "b", "--case", "a[x=1]", "--profiler", "n\ncu"});
    check_one_line_error(profile, "--profiler 'n\\ncu'");
}

TEST_CASE("optimize_op: --results and --optimized-cases-file that are not readable files") {
    TempRepo repo{oprepo_fixture};
    const auto missing = odo::testing::run_in(
        repo.root(), ODO_OPTIMIZE_OP,
        {"Invert", "--phase", "evidence", "--results", "no-such-description.md"});
    check_one_line_error(missing, "--results no-such-description.md: does not exist");
    const auto directory =
        odo::testing::run_in(repo.root(), ODO_OPTIMIZE_OP,
                             {"Invert", "--phase", "summary", "--benchmark-base", "HEAD",
                              "--optimized-cases-file", "bench", "--state", "provisional",
                              "--bottleneck", "Memory-bound", "--profile-evidence", "x"});
    check_one_line_error(directory,
                         "optimize-op summary: --optimized-cases-file bench: is a directory");
    CHECK_FALSE(contains(directory.err, "internal error"));
}

TEST_CASE("odo_baseline: an operators directory that cannot be read says so") {
    TempRepo repo{oprepo_fixture};
    const std::string operators = "bench/config/operators";
    auto validate = [&] {
        return odo::testing::run_in(repo.root(), ODO_BASELINE_TOOL, {"validate"});
    };
    SUBCASE("a file") {
        repo.remove(operators);
        repo.write(operators, "not a directory\n");
        check_one_line_error(validate(),
                             operators + ": cannot read the directory (Not a directory)");
    }
    SUBCASE("a dangling link") {
        repo.remove(operators);
        fs::create_symlink(repo.root() / "nowhere", repo.root() / operators);
        check_one_line_error(validate(), operators + ": cannot read the directory (No such file");
    }
    SUBCASE("no permission") {
        if (::geteuid() == 0) {
            MESSAGE("skipped: running as root, chmod 000 does not deny reading");
            return;
        }
        fs::permissions(repo.root() / operators, fs::perms::none);
        const auto r = validate();
        fs::permissions(repo.root() / operators, fs::perms::owner_all);
        check_one_line_error(r, operators + ": cannot read the directory (Permission denied)");
    }
}

TEST_CASE("odo_baseline validate: a config of many cases prints a bounded number of problems") {
    TempRepo repo{oprepo_fixture};
    std::string shapes;
    for (int i = 0; i < 1000; ++i)
        shapes += std::string(i ? ", " : "") + "\"" + std::to_string(i + 1) + "x8\"";
    repo.write("bench/config/operators/flip.json",
               R"({"benchmark": "flip", "configs": {"flip_many": {"tier": "basic", )"
               R"("dtypes": ["uchar3"], "string_axes": {"shape": [)" +
                   shapes + "]}, \"baselines\": {}}}}\n");
    const auto r = odo::testing::run_in(repo.root(), ODO_BASELINE_TOOL, {"validate"});
    CHECK(r.exit_code == 1);
    CHECK(line_count(r.err) == odo::max_problem_lines + 2); // the count, then the verdict
    CHECK(contains(r.err, "... and "));
    CHECK(contains(r.err, "JSON baseline validation failed"));
}

TEST_CASE("an argument holding a message placeholder is refused at once, not a hang") {
    // Boost.Program_options expands %placeholders% until none is left; these looped forever.
    TempRepo repo{oprepo_fixture};
    check_one_line_error(
        odo::testing::run_in(repo.root(), ODO_PROFILE, {"--bench%canonical_option%", "x"}),
        "unrecognised option '--bench\\x25canonical_option\\x25'");
    check_one_line_error(odo::testing::run_in(repo.root(), ODO_BASELINE_TOOL,
                                              {"drift", "--from", "a", "--sigma", "%value%"}),
                         "the argument ('\\x25value\\x25') for option '--sigma' is invalid");
    check_one_line_error(odo::testing::run_in(repo.root(), ODO_OPTIMIZE_OP,
                                              {"Invert", "--phase", "preflight", "--x%option%"}),
                         "unrecognised option '--x\\x25option\\x25'");
}

TEST_CASE("every tool prints its version with --version") {
    const TempRepo dir;
    for (const auto& [tool, name] :
         {std::pair{ODO_OPTIMIZE_OP, "optimize_op"}, std::pair{ODO_BASELINE_TOOL, "odo_baseline"},
          std::pair{ODO_PROFILE, "odo_profile"}}) {
        const auto r = odo::testing::run_in(dir.root(), tool, {"--version"});
        CAPTURE(name);
        CHECK(r.exit_code == 0);
        CHECK(r.out == std::string(name) + " " ODO_VERSION_STRING "\n");
    }
}

TEST_CASE("a revision starting with '-' is refused by every tool before git reads it as an "
          "option") {
    TempRepo repo{oprepo_fixture};
    // Handed to `git diff` as is, `--sources-base --output=F` made git write the file F...HEAD.
    const std::string rev = "--output=written";
    std::vector<std::pair<const char*, std::vector<std::string>>> cases{
        {ODO_BASELINE_TOOL, {"import", "--from", "runs", "--sources-base", rev}},
        {ODO_BASELINE_TOOL, {"validate", "--reject-regressions-from", rev}},
        {ODO_OPTIMIZE_OP, {"Invert", "--phase", "evidence", "--base", rev}},
        {ODO_OPTIMIZE_OP, {"Invert", "--phase", "summary", "--benchmark-base", rev}},
        {ODO_REFACTOR_OP, {"Invert", "--phase", "verify", "--base", rev}}};
#ifdef ODO_CAMPAIGN
    cases.push_back(
        {ODO_CAMPAIGN,
         {"Invert", "evaluate", "--lead", "l", "--before", "b", "--after", "a", "--kept", rev}});
#endif
    for (const auto& [tool, args] : cases) {
        const std::string option = *(args.end() - 2);
        CAPTURE(tool);
        CAPTURE(option);
        check_one_line_error(odo::testing::run_in(repo.root(), tool, args),
                             option + " " + rev +
                                 ": a revision cannot start with '-', which git reads as an "
                                 "option");
    }
    for (const auto& entry : fs::directory_iterator(repo.root()))
        CHECK_FALSE(contains(entry.path().filename().string(), "written"));
}
