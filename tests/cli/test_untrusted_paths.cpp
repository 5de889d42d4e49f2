// A repository under review must not make the gates read outside it (issue #13 S3): a bench
// config or a public header that is a symbolic link out of the repository, an escaping layout
// file, or a layout file that is itself such a link is refused with one line, and the outside
// file's content never reaches the output.
#include "temp_repo.hpp"
#include "text_helpers.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace {

using odo::testing::oprepo_fixture;

using odo::testing::TempRepo;
namespace fs = std::filesystem;

const std::string secret = "SECRET_OUTSIDE_KEY";

using odo::testing::contains;

// A file outside every test repository, holding a key the output must never show.
struct OutsideFile {
    TempRepo dir;
    fs::path path = dir.root() / "outside.json";
    OutsideFile() {
        dir.write("outside.json", "{\"" + secret + "\": {\"configs\": {\"" + secret + "\": 1}}}");
    }
};

// Replaces the repository file `path` with a link to `target` and commits it.
void link_out(const TempRepo& repo, const std::string& path, const fs::path& target) {
    repo.remove(path);
    fs::create_symlink(target, repo.root() / path);
    repo.commit("chore: link " + path);
}

void check_refused(const TempRepo& repo, const std::vector<std::string>& args,
                   const std::string& message) {
    const auto r = odo::testing::run_in(repo.root(), ODO_OPTIMIZE_OP, args);
    CAPTURE(r.out);
    CAPTURE(r.err);
    CHECK(r.exit_code == 2);
    CHECK(contains(r.err, message));
    CHECK_FALSE(contains(r.out + r.err, secret));
}

const std::vector<std::vector<std::string>> phases{
    {"Invert", "--phase", "preflight"},
    {"Invert", "--phase", "evidence", "--base", "HEAD~1"},
    {"Invert", "--phase", "preflight", "--format", "json"},
};

} // namespace

TEST_CASE("a bench config linked outside the repository is refused, never read") {
    const OutsideFile outside;
    TempRepo repo{oprepo_fixture};
    link_out(repo, "bench/config/operators/invert.json", outside.path);
    for (const auto& args : phases) {
        CAPTURE(args[2]);
        check_refused(repo, args,
                      "bench/config/operators/invert.json: leads outside the repository");
    }
}

TEST_CASE("a public header linked outside the repository is refused, never read") {
    const OutsideFile outside;
    TempRepo repo{oprepo_fixture};
    link_out(repo, "src/cvcuda/include/cvcuda/OpInvert.h", outside.path);
    for (const auto& args : phases) {
        CAPTURE(args[2]);
        check_refused(repo, args, "src/cvcuda/include/cvcuda/OpInvert.h: leads outside");
    }
}

TEST_CASE("a layout file with an absolute or escaping path, or linked out, is refused") {
    const OutsideFile outside;
    TempRepo repo{oprepo_fixture};
    repo.write("odo-layout.json", R"({"paths": {"sku_map": ")" + outside.path.string() + "\"}}");
    check_refused(repo, phases[0],
                  "odo-layout.json: field \"paths.sku_map\" must be a path "
                  "inside the repository");
    repo.write("odo-layout.json", R"({"paths": {"bench_config_dir": "../x"}})");
    check_refused(repo, phases[0], "odo-layout.json: field \"paths.bench_config_dir\" must be");
    repo.remove("odo-layout.json");
    fs::create_symlink(outside.path, repo.root() / "odo-layout.json");
    check_refused(repo, phases[0], "odo-layout.json: leads outside the repository");
}

TEST_CASE("a malformed bench params file is named as such, not as a bench config") {
    TempRepo repo{oprepo_fixture};
    repo.write("bench/config/bench_params.json", "{\"x\": 1}\n");
    const auto r = odo::testing::run_in(repo.root(), ODO_OPTIMIZE_OP, phases[0]);
    CAPTURE(r.err);
    CHECK(r.exit_code == 2);
    CHECK(contains(r.err, "bench/config/bench_params.json: the bench params file must hold"));
    CHECK_FALSE(contains(r.err, "config 'x'"));
}

TEST_CASE("a bench manifest whose include patterns reach outside the repository is refused") {
    const OutsideFile outside;
    TempRepo repo{oprepo_fixture};
    repo.write("bench/config/bench_params.json", "{\"include\": [\"operators/*.json\"]}");
    repo.commit("chore: include the configs inside");
    const auto inside = odo::testing::run_in(repo.root(), ODO_OPTIMIZE_OP, phases.front());
    CHECK(inside.exit_code != 2); // a report, not a refusal
    CHECK(contains(inside.out, "PRE-1"));

    const std::string escaping =
        fs::relative(outside.dir.root(), repo.root() / "bench/config").generic_string() + "/*.json";
    repo.write("bench/config/bench_params.json",
               "{\"include\": [\"operators/*.json\", \"" + escaping + "\"]}");
    repo.commit("chore: include configs from outside");
    check_refused(repo, phases.front(), "leads outside the repository");

    repo.write("bench/config/bench_params.json",
               "{\"include\": [\"operators/*.json\", \"linked/*.json\"]}");
    fs::create_symlink(outside.dir.root(), repo.root() / "bench/config/linked");
    repo.commit("chore: include configs through a link");
    check_refused(repo, phases.front(), "leads outside the repository");
}
