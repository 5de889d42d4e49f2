// odo_baseline: baseline maintenance for an op repository — import run artifacts, validate
// committed baselines (with the regression gate against a git ref), compare a fresh run, report
// drift. A thin driver: options -> the repository loaded -> the command's body in the library
// (odo/baseline/*_command.hpp) -> exit code.
// Exit codes: 0 ok; 1 validation, quality or regression failure; 2 bad input or usage.
#include "baseline_options.hpp"
#include "baseline_repository.hpp"

#include <odo/baseline/command_exit.hpp>
#include <odo/baseline/compare_command.hpp>
#include <odo/baseline/drift_command.hpp>
#include <odo/baseline/import_command.hpp>
#include <odo/baseline/loaded_repository.hpp>
#include <odo/baseline/validate_command.hpp>
#include <odo/core/error.hpp>
#include <odo/core/error_output.hpp>
#include <odo/version.hpp>

#include <algorithm>
#include <iostream>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace {

using namespace odo::baseline;

constexpr int exit_ok = command_ok;
constexpr int exit_bad_input = command_bad_input;

using odo::driver::UsageError;

// "a,b" and repeated options alike, as one list.
std::vector<std::string> comma_list(const std::vector<std::string>& values) {
    std::vector<std::string> out;
    for (const std::string& value : values) {
        std::size_t start = 0;
        for (std::size_t comma; (comma = value.find(',', start)) != std::string::npos;
             start = comma + 1)
            out.push_back(value.substr(start, comma - start));
        out.push_back(value.substr(start));
    }
    out.erase(std::remove(out.begin(), out.end(), ""), out.end());
    return out;
}

// The repository's places checked and its SKU map and configs loaded, in that order.
LoadedRepository load(const odo::driver::BaselineRepository& repository) {
    return {repository.root(),    repository.layout(),       repository.operators_dir(),
            repository.sku_map(), repository.load_sku_map(), repository.load_configs()};
}

int run(odo::driver::ImportArgs a) {
    a.options.operators = comma_list(a.operators);
    a.quality_limits = a.limits.quality;
    const odo::driver::BaselineRepository repository(a.repo);
    repository.refuse_linked_outputs({a.summary, a.artifact_out});
    return import_command(a, load(repository), std::cout, std::cerr);
}

// Operators select their config files, after the files named.
int run(odo::driver::ValidateArgs a) {
    a.config_keys = comma_list(a.config_keys);
    a.quality_limits = a.limits.quality;
    const odo::driver::BaselineRepository repository(a.repo);
    repository.refuse_linked_outputs({a.junit});
    const LoadedRepository loaded = load(repository);
    for (const std::string& op : comma_list(a.operators))
        a.files.push_back(repository.operator_file(op).string());
    return validate_command(a, loaded, std::cout, std::cerr);
}

int run(odo::driver::CompareArgs a) {
    if (!a.sku.empty())
        a.options.sku = a.sku;
    a.options.operators = comma_list(a.operators);
    const odo::driver::BaselineRepository repository(a.repo);
    repository.refuse_linked_outputs({a.markdown, a.junit});
    return compare_command(a, load(repository), std::cout, std::cerr);
}

int run(odo::driver::DriftArgs a) {
    const odo::driver::BaselineRepository repository(a.repo);
    repository.refuse_linked_outputs({a.markdown, a.json_out});
    return drift_command(a, load(repository), std::cout, std::cerr);
}

// ---- dispatch -------------------------------------------------------------------------------

const char* const overview =
    "usage: odo_baseline <command> [options]\n\n"
    "Maintains the committed benchmark baselines of an op repository.\n\n"
    "Commands:\n"
    "  import    import run artifacts (or nvbench output) into the committed baselines\n"
    "  validate  validate committed baselines; --reject-regressions-from REF adds the regression "
    "gate\n"
    "  compare   compare a fresh run artifact with the committed baselines\n"
    "  drift     report slow drift over a series of nightly artifacts\n\n"
    "Exit codes: 0 ok; 1 validation, quality or regression failure; 2 bad input or usage.\n"
    "Run 'odo_baseline <command> --help' for a command's options; --version prints the "
    "version.\n";

// Runs a parsed command, or prints its help.
struct Runner {
    template <class Args>
    int operator()(Args args) const {
        if (args.repo.help) {
            std::cout << odo::driver::command_help<Args>();
            return exit_ok;
        }
        return run(std::move(args));
    }
};

} // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() || args[0] == "-h" || args[0] == "--help") {
        std::cout << overview;
        return args.empty() ? exit_bad_input : exit_ok;
    }
    if (args[0] == "--version") {
        std::cout << "odo_baseline " ODO_VERSION_STRING "\n";
        return exit_ok;
    }
    try {
        return std::visit(Runner{}, odo::driver::parse_baseline_command(args));
    } catch (const UsageError& e) {
        odo::print_error(std::cerr, e, "odo_baseline " + odo::one_line(args[0]) + ": error: ");
    } catch (const odo::InputError& e) {
        odo::print_error(std::cerr, e);
    }
    return exit_bad_input;
}
