// odo_baseline works on one repository (issues #26, #27): the layout says where its configs and
// SKU map are, every file it reads or rewrites lies inside the repository (a committed link out
// is refused, as the gates refuse it), and a directory git will not open is said in git's words.
#include "artifact_builder.hpp"
#include "temp_repo.hpp"
#include "text_helpers.hpp"

#include <odo/baseline/operator_file.hpp>

#include <boost/json.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

namespace {

using odo::testing::contains;
using odo::testing::oprepo_fixture;
using odo::testing::TempRepo;
namespace fs = std::filesystem;

const std::string h100_stem = "H100_PCIe_350W_1095MHz";
const std::string outside_key = "SECRET_OUTSIDE_CFG";

odo::ProcessResult baseline_in(const fs::path& dir, const std::vector<std::string>& args) {
    return odo::testing::run_in(dir, ODO_BASELINE_TOOL, args);
}

// One line on stderr, exit 2, naming `message`, and nothing of the outside files echoed.
void check_refusal(const odo::ProcessResult& r, const std::string& message) {
    CAPTURE(r.out);
    CAPTURE(r.err);
    CHECK(r.exit_code == 2);
    CHECK(contains(r.err, message));
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK_FALSE(contains(r.out + r.err, outside_key));
    CHECK_FALSE(contains(r.out + r.err, "SECRET_STEM"));
}

// A run artifact of invert_uchar3_basic on the H100 stem, 2 % slower than the committed rows of
// the config file at `config`.
std::string slower_artifact(const fs::path& config) {
    const boost::json::value doc = odo::baseline::load_operator_file(config).document;
    boost::json::object baselines;
    for (const auto& c : doc.at("configs").at("invert_uchar3_basic").at("baselines").as_object())
        baselines[c.key()].emplace_object()[h100_stem] =
            odo::testing::scaled_artifact_row(c.value().at(h100_stem).as_object(), 1.02);
    return odo::testing::artifact_text(std::move(baselines), {});
}

// A copy of the fixture's bench/config outside the repository, its first config key renamed so
// that an echo of it would show.
struct OutsideConfigs {
    TempRepo dir;
    fs::path config_dir = dir.root() / "config";
    OutsideConfigs() {
        fs::copy(fs::path(oprepo_fixture) / "bench/config", config_dir,
                 fs::copy_options::recursive);
        dir.write("config/operators/zz.json", "{\"" + outside_key + "\": 1}\n");
        dir.write("config/sku_map.json", "{\"entries\": [{\"stem\": \"SECRET_STEM\"}]}\n");
    }
    std::string read(const std::string& path) const { return dir.read("config/" + path); }
};

void link_in_place_of(const TempRepo& repo, const std::string& path, const fs::path& target) {
    repo.remove(path);
    fs::create_symlink(target, repo.root() / path);
    repo.commit("chore: link " + path);
}

} // namespace

TEST_CASE("odo_baseline refuses configs and a SKU map linked outside the repository") {
    const OutsideConfigs outside;
    struct Link {
        std::string path;
        fs::path target;
    };
    const std::vector<Link> links{
        {"bench/config/operators", outside.config_dir / "operators"},
        {"bench/config/operators/invert.json", outside.config_dir / "operators/invert.json"},
        {"bench/config/sku_map.json", outside.config_dir / "sku_map.json"},
    };
    for (const Link& link : links) {
        CAPTURE(link.path);
        TempRepo repo{oprepo_fixture};
        repo.write("runs/h100.json",
                   slower_artifact(repo.root() / "bench/config/operators/invert.json"));
        link_in_place_of(repo, link.path, link.target);
        const std::string invert_before = outside.read("operators/invert.json");
        check_refusal(baseline_in(repo.root(), {"validate"}), "leads outside the repository");
        check_refusal(baseline_in(repo.root(), {"import", "--from", "runs"}),
                      "leads outside the repository");
        CHECK(outside.read("operators/invert.json") == invert_before);
    }
}

TEST_CASE("the same import inside the repository is written (the refusal above is the link's)") {
    TempRepo repo{oprepo_fixture};
    const std::string invert = "bench/config/operators/invert.json";
    repo.write("runs/h100.json", slower_artifact(repo.root() / invert));
    const std::string before = repo.read(invert);
    const auto r = baseline_in(repo.root(), {"import", "--from", "runs"});
    CAPTURE(r.err);
    CHECK(r.exit_code == 0);
    CHECK(repo.read(invert) != before);
}

TEST_CASE("odo_baseline refuses a --config-dir or --sku-map outside the repository") {
    const OutsideConfigs outside;
    TempRepo repo{oprepo_fixture};
    check_refusal(baseline_in(repo.root(), {"validate", "--config-dir", outside.config_dir}),
                  "--config-dir " + (outside.config_dir / "operators").generic_string() +
                      ": leads outside the repository");
    check_refusal(baseline_in(repo.root(), {"validate", "--config-dir", "../"}),
                  "--config-dir ../operators: leads outside the repository");
    check_refusal(
        baseline_in(repo.root(), {"validate", "--sku-map", outside.config_dir / "sku_map.json"}),
        "--sku-map " + (outside.config_dir / "sku_map.json").generic_string() + ": leads outside");
    const auto inside = baseline_in(repo.root(), {"validate", "--config-dir", "bench/config"});
    CAPTURE(inside.err);
    CHECK(inside.exit_code == 0);
}

TEST_CASE("odo_baseline takes the config directory and the SKU map from the layout") {
    TempRepo repo{oprepo_fixture};
    fs::create_directories(repo.root() / "perf");
    fs::rename(repo.root() / "bench/config/operators", repo.root() / "perf/configs");
    fs::rename(repo.root() / "bench/config/sku_map.json", repo.root() / "perf/skus.json");
    repo.write("odo-layout.json",
               R"({"paths": {"bench_config_dir": "perf/configs", "sku_map": "perf/skus.json"}})");
    repo.commit("chore: the configs and the SKU map where this library keeps them");

    const auto validated = baseline_in(repo.root(), {"validate"});
    CAPTURE(validated.err);
    CHECK(validated.exit_code == 0);
    CHECK(contains(validated.out, "JSON baseline validation passed (2 file(s)"));
    const auto one = baseline_in(repo.root(), {"validate", "--operator", "invert"});
    CHECK(one.exit_code == 0);
    CHECK(contains(one.out, "(1 file(s)"));

    repo.write("runs/h100.json", slower_artifact(repo.root() / "perf/configs/invert.json"));
    const std::string before = repo.read("perf/configs/invert.json");
    const auto imported = baseline_in(repo.root(), {"import", "--from", "runs"});
    CAPTURE(imported.err);
    CHECK(imported.exit_code == 0);
    CHECK(contains(imported.out, "perf/configs/invert.json: 4 case/SKU row(s)"));
    CHECK(repo.read("perf/configs/invert.json") != before);

    // From a subdirectory, or from outside with --repo, the same files.
    CHECK(baseline_in(repo.root() / "perf", {"validate"}).exit_code == 0);
    const TempRepo elsewhere;
    const auto from_outside =
        baseline_in(elsewhere.root(), {"validate", "--repo", repo.root().string()});
    CAPTURE(from_outside.err);
    CHECK(from_outside.exit_code == 0);
}

TEST_CASE("odo_baseline outside a git repository says so instead of assuming CV-CUDA's layout") {
    const fs::path plain = fs::temp_directory_path() / ("odo-plain-" + std::to_string(::getpid()));
    fs::create_directories(plain / "bench");
    fs::copy(fs::path(oprepo_fixture) / "bench/config", plain / "bench/config",
             fs::copy_options::recursive);
    for (const std::vector<std::string>& args : {std::vector<std::string>{"validate"},
                                                 {"validate", "--config-dir", "bench/config"},
                                                 {"drift", "--from", "bench"}}) {
        CAPTURE(args.back());
        const auto r = baseline_in(plain, args);
        CHECK(r.exit_code == 2);
        CHECK(r.err == plain.string() + ": not inside a git repository (give --repo DIR)\n");
    }
    fs::remove_all(plain);
}

TEST_CASE("--repo DIR outside a git repository names DIR, not a missing --repo") {
    const fs::path plain =
        fs::temp_directory_path() / ("odo-plain-repo-" + std::to_string(::getpid()));
    fs::create_directories(plain);
    const std::string said = "--repo " + plain.string() + ": not inside a git repository";
    const auto baseline = baseline_in(plain, {"validate", "--repo", plain.string()});
    CHECK(baseline.exit_code == 2);
    CHECK(baseline.err == said + "\n");
    for (const auto& [tool, phase] :
         {std::pair{ODO_OPTIMIZE_OP, "preflight"}, std::pair{ODO_REFACTOR_OP, "assess"}}) {
        CAPTURE(tool);
        const auto r = odo::testing::run_in(plain, tool,
                                            {"Invert", "--phase", phase, "--repo", plain.string()});
        CHECK(r.exit_code == 2);
        CHECK(contains(r.err, said));
        CHECK(!contains(r.err, "give --repo"));
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    }
    fs::remove_all(plain);
}

TEST_CASE("a repository git refuses is reported in git's words, not as no repository") {
    if (::geteuid() != 0) {
        MESSAGE("skipped: only root can give the repository another owner");
        return;
    }
    TempRepo repo{oprepo_fixture};
    REQUIRE(::chown(repo.root().c_str(), 65534, 65534) == 0);
    const std::string git_says = "git refuses it: fatal: detected dubious ownership in repository";
    const auto baseline = baseline_in(repo.root(), {"validate"});
    CHECK(baseline.exit_code == 2);
    CHECK(contains(baseline.err, repo.root().string() + ": " + git_says));
    const auto optimize =
        odo::testing::run_in(repo.root(), ODO_OPTIMIZE_OP, {"Invert", "--phase", "preflight"});
    CHECK(optimize.exit_code == 2);
    CHECK(contains(optimize.err, git_says));
    CHECK_FALSE(contains(optimize.err, "not inside a git repository"));
    REQUIRE(::chown(repo.root().c_str(), 0, 0) == 0);
}
