// odo_baseline's command bodies called in-process on the fixture operator committed in a temp
// folder: what each prints, returns and writes, without a process or a git repository.
#include "artifact_builder.hpp"
#include "fixtures.hpp"
#include "temp_dir.hpp"

#include <odo/baseline/compare_command.hpp>
#include <odo/baseline/drift_command.hpp>
#include <odo/baseline/import_command.hpp>
#include <odo/baseline/loaded_repository.hpp>
#include <odo/baseline/validate_command.hpp>
#include <odo/core/error.hpp>
#include <odo/core/file.hpp>

#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

using namespace odo::baseline;

namespace {

// The fixture operator committed under operators/, loaded as a driver loads a repository.
struct CommandRepo {
    TempDir dir;
    std::filesystem::path file =
        dir.write("operators/invert.json", render_operator_document(fixture::document()));
    LoadedRepository loaded() const {
        return {dir.path(),
                {},
                dir.path() / "operators",
                dir.path() / "sku_map.json",
                fixture::sku_map(),
                load_config_set(dir.path())};
    }

    // A run artifact of the committed rows of `skus`, times scaled by `factor`.
    std::string artifact(const std::string& name, const std::vector<std::string>& skus,
                         double factor) const {
        boost::json::value doc = fixture::document();
        boost::json::object baselines;
        for (const std::string& key : {fixture::nhwc, fixture::nchw}) {
            boost::json::object& rows = baselines[key].emplace_object();
            for (const std::string& sku : skus)
                rows[sku] =
                    odo::testing::scaled_artifact_row(fixture::metrics(doc, key, sku), factor);
        }
        return dir.write(name, odo::testing::artifact_text(baselines, {{"is_nightly", true}}))
            .string();
    }
};

struct CommandOutput {
    int code = -1;
    std::string out, err;
};

template <class Options, class Command>
CommandOutput run_command(Command command, const Options& o, const LoadedRepository& repository) {
    std::ostringstream out, err;
    CommandOutput p;
    p.code = command(o, repository, out, err);
    p.out = out.str();
    p.err = err.str();
    return p;
}

} // namespace

TEST_CASE("import_command: a dry run prints the plan; the import rewrites the operator file") {
    CommandRepo repo;
    const std::string before = odo::read_file(repo.file);
    ImportCommandOptions o;
    o.from = {repo.artifact("run.json", fixture::stems, 1.01)};
    o.dry_run = true;
    const CommandOutput dry = run_command(import_command, o, repo.loaded());
    CHECK(dry.code == command_ok);
    CHECK(dry.out.find((repo.dir.path() / "operators" / "invert.json").string() +
                       ": 4 case/SKU row(s) for ['A100', 'H100']\n") == 0);
    CHECK(dry.out.find("dry run: nothing written\n") != std::string::npos);
    CHECK(odo::read_file(repo.file) == before);

    o.dry_run = false;
    const CommandOutput wrote = run_command(import_command, o, repo.loaded());
    CHECK(wrote.code == command_ok);
    CHECK(wrote.out.find("wrote 1 file(s)\n") != std::string::npos);
    CHECK(odo::read_file(repo.file) != before);
}

TEST_CASE("import_command: --complete refuses a surface an input left out, writing nothing") {
    CommandRepo repo;
    const std::string before = odo::read_file(repo.file);
    ImportCommandOptions o;
    o.from = {repo.artifact("run.json", {"H100"}, 1.0)};
    o.complete = true;
    const CommandOutput p = run_command(import_command, o, repo.loaded());
    CHECK(p.code == command_failed);
    CHECK(p.err.find("baseline import refused: 2 case/SKU row(s) of the surface are missing") !=
          std::string::npos);
    CHECK(odo::read_file(repo.file) == before);
    o.nvbench = {"fortran:invert_basic:x.csv"};
    CHECK_THROWS_AS(run_command(import_command, o, repo.loaded()), odo::UsageError);
}

TEST_CASE("validate_command: the fixture passes; a file that is no operator config is refused") {
    CommandRepo repo;
    const CommandOutput p = run_command(validate_command, ValidateCommandOptions{}, repo.loaded());
    CHECK(p.code == command_ok);
    CHECK(p.out == "JSON baseline validation passed (1 file(s), 1 config(s), 2 case-keys, 4 "
                   "case/SKU rows)\n");
    ValidateCommandOptions other;
    other.files = {repo.dir.write("other.json", "{}").string()};
    CHECK_THROWS_AS(run_command(validate_command, other, repo.loaded()), odo::InputError);
}

TEST_CASE("compare_command: a rerun of the committed figures is matched; drift needs a series") {
    CommandRepo repo;
    CompareCommandOptions o;
    o.current = repo.artifact("run.json", fixture::stems, 1.0);
    o.options.sku = "H100";
    const CommandOutput compared = run_command(compare_command, o, repo.loaded());
    CHECK(compared.code == command_ok);
    CHECK(compared.out.find("Resolved SKU: H100 (") == 0);

    DriftCommandOptions drift;
    drift.from = {o.current};
    const CommandOutput few = run_command(drift_command, drift, repo.loaded());
    CHECK(few.code == command_failed);
    CHECK(few.err == "drift needs at least 16 nightly artifacts, got 1\n");
}
