#pragma once
// Command-line options of optimize_op (gates.md §1 plus --repo and --layout).
#include "option_checks.hpp"
#include "repository_options.hpp"

#include <odo/version.hpp>

#include <boost/program_options.hpp>

#include <algorithm>
#include <initializer_list>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace odo::driver {

struct Options : RepositoryOptions {
    std::string operator_name;
    std::string phase;
    std::string base = "main";
    bool base_given = false;
    std::optional<std::string> results;
    std::optional<std::string> mr_iid;
    std::optional<std::string> benchmark_base;
    std::optional<std::string> optimized_cases_file;
    std::optional<std::string> state;
    std::optional<std::string> impact_metric;
    std::vector<std::string> secondary_operators;
    std::optional<std::string> bottleneck;
    std::optional<std::string> profile_evidence;
    std::optional<std::string> artifacts;
    std::string format = "md";
    bool reprove_refactors = false;
    std::string isolation = "auto";
};

namespace detail {

inline void require_choice(const std::string& option, const std::optional<std::string>& value,
                           std::initializer_list<const char*> choices) {
    if (!value)
        return;
    if (std::none_of(choices.begin(), choices.end(), [&](const char* c) { return *value == c; })) {
        std::string allowed;
        for (const char* c : choices)
            allowed += std::string(allowed.empty() ? "" : ", ") + c;
        throw UsageError("argument " + option + ": invalid choice '" + *value + "' (choose from " +
                         allowed + ")");
    }
}

} // namespace detail

inline boost::program_options::options_description option_descriptions(Options& o) {
    namespace po = boost::program_options;
    po::options_description d("Options");
    d.add_options()("phase", po::value(&o.phase)->value_name("PHASE"),
                    "preflight, evidence or summary (required)")(
        "base", po::value(&o.base)->value_name("REF"),
        "git base ref (default main): PRE-6 campaign base; evidence changed set")(
        "results", po::value<std::string>()->value_name("PATH"),
        "MR description file, '-' for stdin (evidence; summary refresh)")(
        "mr-iid", po::value<std::string>()->value_name("IID"),
        "merge request IID for the secondary-scope policy (evidence)")(
        "benchmark-base", po::value<std::string>()->value_name("REF"),
        "pre-optimization benchmark revision (summary init)")(
        "optimized-cases-file", po::value<std::string>()->value_name("PATH"),
        "newline-separated expanded case keys (summary init)")(
        "state", po::value<std::string>()->value_name("STATE"), "provisional or final (summary)")(
        "impact-metric", po::value<std::string>()->value_name("METRIC"),
        "cpp_time or python_overhead (summary)")(
        "secondary-operator", po::value(&o.secondary_operators)->value_name("OP"),
        "reviewed secondary baseline operator, repeatable (summary)")(
        "bottleneck", po::value<std::string>()->value_name("KIND"),
        "Memory-bound or Compute-bound (summary init)")(
        "profile-evidence", po::value<std::string>()->value_name("TEXT"),
        "measured profiler evidence paragraph (summary init)")(
        "artifacts", po::value<std::string>()->value_name("DIR"),
        "where the files a campaign ledger cites outside the repository lie (evidence)")(
        "format", po::value(&o.format)->value_name("FORMAT"),
        "md (default), json or junit report (preflight, evidence)")(
        "reprove-refactors", po::bool_switch(&o.reprove_refactors),
        "evidence: ODO-8 runs the device-code proof of each refactor: commit itself (needs nvcc)")(
        "isolation", po::value(&o.isolation)->value_name("MODE"),
        "with --reprove-refactors: how nvcc runs on the repository's content: auto (bubblewrap "
        "where it works, default), bubblewrap (refuse without it) or environment");
    add_repository_options(d, o);
    return d;
}

inline void print_help(std::ostream& os) {
    Options scratch;
    os << "usage: optimize_op <Operator> --phase preflight|evidence|summary [options]\n\n"
          "Checks an operator optimization campaign against the CV-CUDA workflow contract.\n"
          "Exit codes: 0 clean; 1 blocking findings (preflight: any GAP; evidence: any GAP or\n"
          "MANUAL); 2 usage or input error.\n\n"
       << option_descriptions(scratch);
}

// Parses the arguments after the program name; throws UsageError for anything argparse would
// reject.
inline Options parse_options(const std::vector<std::string>& args) {
    namespace po = boost::program_options;
    Options o;
    po::options_description visible = option_descriptions(o);
    po::options_description all;
    all.add(visible).add_options()("operator", po::value(&o.operator_name));
    po::positional_options_description positional;
    positional.add("operator", 1);
    po::variables_map vm;
    store_command_line(args, all, positional, vm);
    notify_options(vm);
    if (o.help || o.version)
        return o;
    take_string(vm, "results", o.results);
    take_string(vm, "mr-iid", o.mr_iid);
    take_string(vm, "benchmark-base", o.benchmark_base);
    take_string(vm, "optimized-cases-file", o.optimized_cases_file);
    take_string(vm, "state", o.state);
    take_string(vm, "impact-metric", o.impact_metric);
    take_string(vm, "bottleneck", o.bottleneck);
    take_string(vm, "profile-evidence", o.profile_evidence);
    take_string(vm, "artifacts", o.artifacts);
    take_repository_options(vm, o);
    o.base_given = vm.count("base") && !vm["base"].defaulted();
    require_revision("--base", o.base);
    if (o.benchmark_base)
        require_revision("--benchmark-base", *o.benchmark_base);
    if (o.operator_name.empty())
        throw UsageError("the following arguments are required: operator");
    if (!vm.count("phase"))
        throw UsageError("the following arguments are required: --phase");
    detail::require_choice("--phase", o.phase, {"preflight", "evidence", "summary"});
    detail::require_choice("--format", o.format, {"md", "json", "junit"});
    detail::require_choice("--state", o.state, {"provisional", "final"});
    detail::require_choice("--impact-metric", o.impact_metric, {"cpp_time", "python_overhead"});
    detail::require_choice("--bottleneck", o.bottleneck, {"Memory-bound", "Compute-bound"});
    if (o.reprove_refactors && o.phase != "evidence")
        throw UsageError("--reprove-refactors is read by --phase evidence only");
    detail::require_choice("--isolation", o.isolation, {"auto", "bubblewrap", "environment"});
    if (vm.count("isolation") && !o.reprove_refactors)
        throw UsageError("--isolation is read with --reprove-refactors only");
    return o;
}

} // namespace odo::driver
